# NumPy arrays made at trace time: constructors, default dtypes (int64 and
# float64, unlike TensorFlow's int32 and float32), printing and repr, and
# NumPy 2's scalar reprs.
import numpy as np

a = np.array([[1.0, 2.0], [3.0, 4.0]])
b = np.array([1, 2, 3], dtype=np.int32)
print(a, a.dtype, a.shape, a.ndim, a.size)
print(repr(a), repr(b), repr(np.array([True, False])))
print(np.array([1, 2]).dtype, np.array([1, 2.5]).dtype, np.array(True).dtype)
print(np.float32, np.dtype("float32"), repr(np.dtype("int64")), np.dtype(float))
print(np.float32(0.1), repr(np.float32(0.1)), repr(np.int64(3)), repr(np.bool_(True)))
print(repr(np.array(3.0)), repr(np.float16(1.5)), repr(np.uint8(7)))
print(np.zeros((2, 3)), np.ones(3, dtype=np.int32), np.full((2,), 7))
print(np.zeros_like(b), np.ones_like(a, dtype=np.int8), np.empty(0))
print(np.arange(5), np.arange(2, 11, 3), np.arange(1.0, 2.0, 0.25))
print(np.linspace(0, 1, 5), np.linspace(0, 1, 4, endpoint=False))
print(np.linspace(-1.0, 1.0, 7, dtype=np.float32))
print(np.eye(2), np.eye(2, 3, k=1, dtype=np.int32), np.identity(2))
print(np.pi, np.e, np.inf, -np.inf, np.nan)
print(a.tolist(), b.tolist(), a[0, 1].item(), float(a.sum()), int(b[0]))
print(b.astype(np.float64), a.astype("int32"), repr(np.float32(2.5).astype(np.int8)))
print(a.dtype == np.float64, a.dtype == "float64", b.dtype == np.float32)
print(a.dtype.name, a.dtype.itemsize, np.dtype("int16").type)
print(type(np.float32(1)).__name__, type(a).__name__)
print(f"{np.float32(1.5):.3f}", f"{np.int64(42):5d}", round(np.float64(2.5)))
