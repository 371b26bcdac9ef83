# NumPy matrix products of non-square and mixed-rank arrays (their operands
# need not broadcast together).
import numpy as np

print(np.ones((3, 2)) @ np.ones((2, 2)), np.matmul(np.ones((2, 3)), np.ones((3,))), np.dot(np.ones((1, 2)), np.ones((2, 4))))
print(np.arange(6.0).reshape(2, 3) @ np.arange(12.0).reshape(3, 4))
