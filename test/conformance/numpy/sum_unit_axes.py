# NumPy's float sums drop axes of size 1 before choosing the order: a
# column (n, 1) summed over axis 0 is a pairwise sum of n elements, as is
# (1, n, 1) over axis 1; the mean divides that sum.
import numpy as np

np.random.seed(0)
x = np.random.randn(100).astype(np.float32)
print(x.sum(), x.reshape(-1, 1).sum(axis=0), x.reshape(-1, 1).mean(axis=0))
print(x.reshape(1, -1, 1).sum(axis=1), x.reshape(1, 1, -1).sum(axis=2))
print(x.reshape(1, -1).sum(axis=1, keepdims=True), x.reshape(-1, 1, 1).mean(axis=(0, 1)))
y = np.random.randn(3, 1, 60).astype(np.float32)
print(y.sum(axis=2).ravel(), y.sum(axis=(1, 2)), y.mean(axis=0)[0, :4])
z = np.random.randn(50, 1, 2).astype(np.float32)
print(z.sum(axis=0), z.sum(axis=(0, 1)), z.mean(axis=0))
w = np.random.randn(40, 1).astype(np.float64) * 1e-3
print(repr(w.sum(axis=0)), repr(w.std(axis=0)), repr(w.var()))
