# NumPy's NaN-ignoring reductions (float32 means divided in float64, as
# NumPy's _divide_by_count does), ptp, trace, digitize (increasing and
# decreasing bins), unravel_index, and the itemsize, nbytes and swapaxes
# of arrays.
import numpy as np
x = np.array([1.0, np.nan, 3.0, 4.5], np.float32)
m = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, 2.0], [0.5, 0.25, 8.0]])
print(np.nansum(x), np.nanmean(x), np.nanmax(x), np.nanmin(x), np.nanstd(x), np.nanvar(x, ddof=1))
print(np.nansum(m, axis=0), np.nanmean(m, axis=1), np.nanmax(m, axis=0), np.nanmin(m, axis=1))
print(np.nanstd(m, axis=0), np.nanvar(m, axis=1), np.nanmean(m, axis=0, keepdims=True))
print(type(np.nanmean(x)).__name__, type(np.nansum(m)).__name__, np.nanmean(np.arange(4)))
a = np.array([[3, 1], [7, 2]])
print(np.ptp(a), np.ptp(a, axis=0), np.ptp(x[[0, 2]]))
t = np.arange(9).reshape(3, 3)
print(np.trace(t), t.trace(), np.trace(t, offset=1), np.trace(t.astype(np.float32)))
print(np.digitize(np.array([0.1, 0.3, 0.6, 0.9, 0.5]), [0.25, 0.5, 0.75]), np.digitize([0.5, 0.2], [0.25, 0.5, 0.75], right=True))
print(np.digitize([3, 1, 0], [3, 2, 1]))
print(np.unravel_index(7, (3, 4)), np.unravel_index([0, 5, 11], (3, 4)))
z = np.zeros((2, 3), dtype=np.float32)
print(z.itemsize, z.nbytes, np.arange(5).itemsize, np.arange(5).nbytes, z.swapaxes(0, 1).shape)
