# ndarray.tobytes (the elements' bytes in C order) and np.frombuffer (a
# 1-D array over bytes, with dtype, count and offset), with NumPy's errors.
import numpy as np
a = np.arange(3, dtype=np.float32)
b = a.tobytes()
print(b, len(b), np.array([1, 2], dtype=np.int16).tobytes(), np.array([True, False]).tobytes())
print(np.frombuffer(b, dtype=np.float32), np.frombuffer(b"\x00\x00\x80?", dtype=np.float32))
print(np.frombuffer(b, dtype=np.float32, count=2, offset=4), np.frombuffer(np.arange(2.0).tobytes()))
print(np.frombuffer(b, dtype=np.uint8).tolist())
for bad in [lambda: np.frombuffer(b"abc", dtype=np.float32), lambda: np.frombuffer(b, offset=99),
            lambda: np.frombuffer(b, dtype=np.float32, count=9), lambda: np.frombuffer("s")]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
