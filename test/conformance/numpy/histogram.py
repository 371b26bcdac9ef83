# np.histogram: equal bins over the data's range or a given one (edges in
# float32 for float32 data), NumPy's index computation and edge
# corrections, given edges (the last bin closed), density, and a range of
# one value widened by 0.5.
import numpy as np
h, e = np.histogram(np.array([0.1, 0.4, 0.5, 0.9, 1.0]), bins=4)
print(h, e)
np.random.seed(1)
x = np.random.randn(1000)
h, e = np.histogram(x, bins=10)
print(h, e)
h, e = np.histogram(x.astype(np.float32), bins=7, range=(-2, 2))
print(h, e, e.dtype)
print(np.histogram([1, 2, 2, 3, 3, 3, 9], bins=4))
print(np.histogram([5, 5, 5]))
print(np.histogram(x, bins=[-3, -1, 0, 0.5, 3]))
print(np.histogram(x, bins=5, density=True))
print(np.histogram(np.arange(10), bins=3, range=(2, 7)))
