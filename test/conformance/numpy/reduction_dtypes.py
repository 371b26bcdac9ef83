# NumPy's sum, prod and mean take a dtype to compute in (the elements
# converted first) and keep their positional order (a, axis, dtype, out,
# keepdims).
import numpy as np
a = (np.arange(12, dtype=np.float32) / 7).reshape(3, 4)
print(a.sum(dtype=np.float64), np.sum(a, axis=0, dtype=np.float64), a.mean(1, np.float64))
print(np.prod(np.arange(1, 6), dtype=np.float32), a.sum(0, None, None, True))
print(np.max(a, 0), np.sum(np.array([True, True, False]), dtype=np.int64))
