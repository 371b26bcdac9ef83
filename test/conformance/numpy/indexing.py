# Indexing NumPy arrays: ints give NumPy scalars, slices and None give
# arrays, boolean masks and integer arrays pick elements and rows;
# iteration walks the first axis.
import numpy as np

a = np.array([[1, 2], [3, 4]])
print(a[0], a[1, 1], repr(a[1, 1]), a[:, 0], a[-1], a[None].shape, a[..., 0])
print(a[::-1], a[a > 2], a[[0, 0]], a[np.array([1, 0])], a[[-1]])
print(np.arange(10)[2:8:3], np.arange(6).reshape(2, 3)[:, 1:])
for row in a:
    print(row, row.sum())
print(len(a), list(a[0]), [int(x) for x in a[1]])
try:
    a[5]
except IndexError as e:
    print("IndexError:", e)
try:
    a[0, 0, 0]
except Exception as e:
    print(type(e).__name__)
try:
    np.float32(1)[0]
except IndexError as e:
    print("IndexError:", e)
