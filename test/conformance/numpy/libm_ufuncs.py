# NumPy functions computed with the C library (log10, log1p, arcsin, ...) on
# float16/32/64 and integers, with NumPy's RuntimeWarnings for divide by
# zero, overflow and invalid values.
import numpy as np
x32 = np.array([0.1, 0.5, 1.0, 2.0, 3.7, 10.0, 123.4, 0.9], np.float32)
x64 = x32.astype(np.float64)
for name in ["log10", "log2", "log1p", "expm1", "exp2", "tan", "arctan", "sinh", "cosh", "arcsinh", "cbrt", "rint", "trunc"]:
    f = getattr(np, name)
    print(name, f(x32), f(x64), f(np.array([1, 2, 3])), repr(f(2.5)), f(np.float16(0.3)))
y = np.array([-0.9, -0.5, 0.0, 0.3, 0.99], np.float32)
for name in ["arcsin", "arccos", "arctanh"]:
    print(name, getattr(np, name)(y), getattr(np, name)(y.astype(np.float64)))
print(np.arccosh(np.array([1.0, 2.0, 10.0])))
print(np.log10(np.array([0.0, -1.0])))
