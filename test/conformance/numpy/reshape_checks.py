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
