import numpy as np

print(np.array([1, 2]) // np.array([0, 1]), np.array([5, -7]) % np.array([0, 3]))
print(np.int64(3) // 0, np.array([[7, -8]]) // np.array([[0], [3]]))
