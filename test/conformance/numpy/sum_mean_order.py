# np.sum, np.mean, np.var and np.std of float arrays add as NumPy does:
# pairwise sums (8 accumulators up to 128 elements, halves beyond) in
# buffers of 8192, rows along an outer axis one by one.
import numpy as np
rs = np.random.RandomState(10)
x = rs.randn(8)
print(np.sum(x), np.mean(x), x.sum(), x.mean())
for n in [3, 8, 9, 100, 129, 1000, 9000]:
    y = rs.randn(n) * 3.7
    print(n, np.sum(y), np.mean(y), np.sum(y.astype(np.float32)), np.mean(y.astype(np.float32)))
m = rs.randn(20, 30)
print(np.sum(m), np.mean(m))
print(np.sum(m, axis=0)[:5], np.sum(m, axis=1)[:5], np.mean(m, axis=0)[:3], np.mean(m, axis=-1, keepdims=True)[:2])
print(m.sum(axis=1)[:3], m.mean(axis=0)[:3])
t = rs.randn(4, 5, 6)
print(np.sum(t, axis=1)[0], np.mean(t, axis=(0, 2)))
print(np.sum(np.arange(10)), np.mean(np.arange(10)), np.sum(np.array([], dtype=np.float64)))
a32 = rs.randn(3, 40).astype(np.float32)
print(np.mean(a32, axis=1), np.sum(a32))
for n in [5, 8, 20, 200, 1000]:
    y = rs.randn(n) * 3.7 + 1.0
    print(n, np.std(y), np.var(y), np.std(y, ddof=1), y.std())
m = rs.randn(30, 7)
print(np.std(m, axis=0), np.var(m, axis=1)[:4])
x = rs.rand(100, 3)
print((x - x.mean(axis=0)) / x.std(axis=0))
