# NumPy's floating-point errors in division: RuntimeWarnings by default
# ("scalar divide" for two scalars), and what np.seterr and np.errstate
# set: ignore and raise (FloatingPointError). (Their print mode writes
# with C's stdio, which a pipe orders apart from Python's prints.)
import numpy as np
print(np.geterr())
a = np.array([1.0, 0.0, -2.0]) / np.array([0.0, 0.0, 0.0])
print(a)
with np.errstate(divide="ignore", invalid="ignore"):
    print(np.array([1.0, 0.0]) / np.array([0.0, 0.0]), np.log(np.array([0.0])))
print(np.array([1.0], np.float32) / np.float32(3.0))
old = np.seterr(all="ignore")
print(old, np.array([2.0]) / 0.0)
np.seterr(**old)
try:
    with np.errstate(divide="raise"):
        np.array([1.0]) / np.array([0.0])
except FloatingPointError as e:
    print(type(e).__name__, e)
print(np.array([1e308]) / np.array([1e-308]))
print(np.array([5, 6]) / np.array([0, 2]))
x = np.float64(1.0) / 0.0
print(x)
y = np.float32(0.0) / np.float32(0.0)
print(y)
z = np.divide(np.array([1.0]), 0)
print(z, np.true_divide(3, np.array([0, 1])))
print(np.mean(np.array([1.0, 2.0])) / 0)
