# NumPy's array-manipulation functions in the trace-time numpy subset:
# vstack, hstack, flip, roll, swapaxes, outer, diff, cumsum, cumprod (whose
# integer accumulators widen to int64), tile, repeat, count_nonzero, split,
# meshgrid (each grid in its input's dtype), pad, sort and unique (NaNs
# last, one NaN), with their axis arguments and errors, and arrays from
# them passed to TensorFlow.
import numpy as np
import tensorflow as tf

a = np.arange(6).reshape(2, 3)
f = np.array([[3.5, -1.0, 2.0], [0.0, 2.0, -4.25]], dtype=np.float32)
print(np.vstack([a, a]), np.vstack([np.array([1, 2]), np.array([3, 4])]))
print(np.hstack([a, a]), np.hstack([np.array([1.5]), np.array([2, 3])]))
print(np.flip(a), np.flip(a, 0), np.flip(f, axis=(0, 1)))
print(np.roll(a, 1), np.roll(a, -1, axis=1), np.swapaxes(f, 0, 1))
print(np.outer([1, 2], [3, 4, 5]), np.outer(f[0], np.array([2.0, 0.5])))
print(np.diff(np.array([1, 4, 9, 16])), np.diff(f), np.diff(a, axis=0),
      np.diff(np.array([1, 4, 9, 16]), n=2), np.diff(np.array([True, False, False])))
print(np.cumsum(a), np.cumsum(a, axis=1), np.cumsum(f, axis=0),
      np.cumsum(np.array([True, True, False])), np.cumsum(a, dtype=np.float32))
print(np.cumprod(np.array([1, 2, 3, 4], dtype=np.int32)), np.cumprod(f, axis=1))
print(np.tile(a, 2), np.tile(a, (2, 1)), np.tile(np.array([1, 2]), (2, 2)))
print(np.repeat(a, 2), np.repeat(a, 2, axis=1), np.repeat(f, [1, 2], axis=0))
print(np.count_nonzero(a), np.count_nonzero(f > 0, axis=1),
      type(np.count_nonzero(a)).__name__)
print(np.split(np.arange(6), 3), np.split(a, [1, 2], axis=1))
print(np.sort(np.array([3, 1, 2])), np.sort(f), np.sort(f, axis=0),
      np.sort(np.array([2.0, np.nan, -1.0, np.nan, 0.5])), np.sort(a, axis=None))
print(np.unique(np.array([3, 1, 3, 2, 1])),
      np.unique(np.array([[2.5, np.nan], [np.nan, 2.5]])),
      np.unique(np.array([4, 4, 1]), return_counts=True))
print(np.meshgrid([1, 2], [3, 4, 5]),
      np.meshgrid(np.array([1.5, 2.0]), [3, 4], indexing="ij"))
print(np.pad(a, 1), np.pad(a, (1, 2)),
      np.pad(a, ((0, 1), (2, 0)), constant_values=7),
      np.pad(np.array([1.5, 2.5], dtype=np.float32), 2, constant_values=-1))
print(tf.constant(np.vstack([f, f])) * 2.0, tf.reduce_sum(np.cumsum(a)))
for bad in [lambda: np.split(np.arange(5), 2), lambda: np.flip(a, 2),
            lambda: np.diff(np.array(3)), lambda: np.diff(a, n=-1),
            lambda: np.split(np.arange(6), 0), lambda: np.split(a, -3),
            lambda: np.tile(a, -1)]:
    try:
        bad()
    except (ValueError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
