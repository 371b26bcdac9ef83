# NumPy's reshape checks: one unknown size, sizes that hold the elements.
# (Integer division by zero: test/lit/cli/numpy-zero-division.test.)
import numpy as np
a = np.arange(12)
for s in [(5, 3), (5, -1), (-1, -1), (-2, 6), (4, 3), (0, -1), 13, (2, -1, 3), [3, 4]]:
    try:
        print(a.reshape(s).shape)
    except ValueError as e:
        print("ValueError", e)
print(np.arange(6).reshape(2, 3).reshape((3, 2)), np.arange(4).reshape(-1, 2).shape)
c = np.arange(20)
for s in [(-1, 3), (3, -1), (-1, 3, 2), (2, -1, 3), (7, -1), (-1, 7)]:
    try:
        c.reshape(s)
    except ValueError as e:
        print(e)
# ndarray.sort sorts in place.
v = np.array([3, 1, 2])
print(v.sort(), v)
m = np.array([[3.0, 1.0], [0.5, 2.0]])
m.sort(axis=0)
print(m)
