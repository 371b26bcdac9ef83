# np.convolve in its three modes (each output summed left to right over
# the longer array, as NumPy's loop does for short kernels; long ones go
# through BLAS's reordered dot products), and np.hypot on scalars and
# arrays.
import numpy as np
print(np.convolve([1.0, 2.0, 4.0, 8.0], [0.5, 0.5], mode="valid"))
print(np.convolve([1, 2, 3], [0, 1, 0.5]), np.convolve([1, 2, 3], [0, 1, 0.5], "same"))
print(np.convolve([1, 2, 3, 4], [1, 1], "same"), np.convolve([1, 2], [1, 2, 3, 4, 5]))
rs = np.random.RandomState(0)
a = rs.randn(100); k = np.ones(7) / 7
print(np.convolve(a, k, mode="valid")[:6])
s = rs.randn(50).astype(np.float32)
print(np.convolve(s, np.array([0.25, 0.5, 0.25], np.float32), "same")[:5])
print(np.hypot(3.0, 4.0), np.hypot(np.array([3.0, 5.0]), np.array([4.0, 12.0])))
print(np.hypot(np.float32(1.5), 2), np.hypot(np.array([1, 2]), 2), np.hypot(a[:3], a[3:6]))
