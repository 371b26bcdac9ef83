# np.random.randint of uint8, int8 and int16: NumPy's buffered draws, 8 or
# 16 bits at a time from each 32-bit output, masked and rejected.
import numpy as np
np.random.seed(9)
x = np.random.randint(0, 256, size=4, dtype=np.uint8)
print(x, x.dtype)
print(np.random.randint(0, 10, size=(3, 5), dtype=np.uint8))
print(np.random.randint(-5, 5, size=7, dtype=np.int8), np.random.randint(100, size=3, dtype=np.int16))
print(np.random.randint(3, 4, size=3, dtype=np.uint8), np.random.randint(0, 200, dtype=np.uint8))
img = np.random.randint(0, 256, size=(2, 2, 3), dtype=np.uint8)
print(img.mean(), img.dtype, np.random.rand())
try:
    np.random.randint(0, 300, size=2, dtype=np.uint8)
except ValueError as e:
    print(e)
