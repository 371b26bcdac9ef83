# np.unique's return_index (the first of equal elements), return_inverse
# (in the array's shape, as NumPy 2 gives it) and return_counts.
import numpy as np
u, i, c = np.unique(np.array([[5, 3], [9, 3]]), return_inverse=True, return_counts=True); print(u, i, c, i.dtype)
u, i = np.unique([2.5, 1.0, 2.5], return_inverse=True); print(u, i)
u, idx, i = np.unique(np.array([5, 3, 9, 3]), return_index=True, return_inverse=True); print(u, idx, i)
print(np.unique([3, 1, 3, 2]), np.unique(np.array([np.nan, 1.0, np.nan, 0.5]), return_counts=True))
labels = ["cat", "dog"]
ids = np.array([1, 0, 1, 1, 0])
vals, inv = np.unique(ids, return_inverse=True)
print(vals[inv], np.bincount(inv))
