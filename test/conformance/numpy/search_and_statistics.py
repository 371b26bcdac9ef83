# NumPy's searching and order statistics on known values: nonzero and
# one-argument where, argwhere, flatnonzero, argsort, searchsorted, median,
# percentile and quantile (linear interpolation, float32 arrays computed in
# float32).
import numpy as np

a = np.arange(12).reshape(3, 4)
print(np.nonzero(a > 5))
print(np.where(a % 5 == 0))
print(a[np.where(a > 8)])
print(np.nonzero(np.array([0.0, 1.5, 0.0, -2.0])))
print(np.argwhere(a > 9))
print(np.argwhere(np.array([True, False, True])))
print(np.flatnonzero(a % 4 == 1))
try:
    np.where(a > 1, a)
except ValueError as e:
    print("ValueError", e)

v = np.array([3.5, -1.0, 2.25, np.nan, 0.0, 7.0])
print(np.argsort(v))
print(np.argsort(np.array([[3, 1, 2], [0, 5, 4]])))
print(np.argsort(np.array([[3, 1, 2], [0, 5, 4]]), axis=0))
print(np.argsort(np.array([[3, 1, 2], [0, 5, 4]]), axis=None))
order = np.argsort(np.array([0.3, 0.1, 0.2], dtype=np.float32))
print(order, order.dtype)

edges = np.array([1, 3, 5, 7])
print(np.searchsorted(edges, 4), np.searchsorted(edges, [0, 3, 8]))
print(np.searchsorted(edges, [3, 5], side="right"))
print(repr(np.searchsorted(np.array([0.5, 1.5]), 1.0)))

b = np.array([[1.5, -2.0, 0.25], [4.0, 3.0, 2.0]])
print(repr(np.median(b)), np.median(b, axis=0), np.median(b, axis=1))
print(repr(np.median(np.array([1, 2, 3, 4]))), repr(np.median([5, 1, 3])))
f = np.array([3.5, 1.25, 2.0, 7.75, 0.1, 2.2], dtype=np.float32)
print(repr(np.median(f)), repr(np.median(f[:5])))
print(repr(np.median(np.array([1.0, np.nan, 2.0]))))
for q in [0, 12.5, 30, 50, 75, 99, 100]:
    print(q, repr(np.percentile(f, q)), repr(np.percentile(f.astype(np.float64), q)),
          repr(np.percentile(np.arange(10), q)))
print(np.percentile(b, 40, axis=1), np.percentile(b, 40, axis=0))
print(repr(np.quantile(np.arange(10), 0.33)), repr(np.quantile(f, 0.9)))
print(repr(np.percentile([3, 1, 2], 50)))
try:
    np.percentile(f, 101)
except ValueError as e:
    print("ValueError", e)
pa = np.array([[1.5, -2.0, 0.25], [4.0, 3.0, 2.0]])
print(np.percentile(pa, [25, 50, 75]))
print(np.percentile(pa, [10, 90], axis=0))
print(np.quantile(np.arange(10), [0.1, 0.5]))
print(np.percentile(np.array([3.5, 1.25, 2.0], dtype=np.float32), [30, 60]))
print(np.percentile(pa, [[10, 20], [30, 40]], axis=1))
print(np.percentile(pa, [50]))
print(np.percentile(pa, np.array(50)))
