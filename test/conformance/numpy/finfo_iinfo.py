# np.finfo and np.iinfo: a type's limits, their str and repr.
import numpy as np
for t in [np.float32, np.float64, np.float16, "float32"]:
    f = np.finfo(t)
    print(f)
    print(repr(f))
    print(f.eps, f.max, f.min, f.tiny, f.resolution, f.bits, f.dtype, f.precision, f.epsneg, f.smallest_normal)
    print(repr(f.eps), repr(f.max), type(f.bits).__name__)
print(np.finfo(np.float32).eps * 2, 1.0 + np.finfo(float).eps)
print(np.finfo(np.array([1.0], np.float32).dtype).max)
for t in [np.int8, np.int32, np.int64, np.uint8, np.int16, "int32"]:
    i = np.iinfo(t)
    print(i)
    print(repr(i), i.min, i.max, i.bits, i.dtype, type(i.max).__name__)
