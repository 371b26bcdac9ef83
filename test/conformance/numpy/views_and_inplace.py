# NumPy views: what is written into an array made by basic indexing (a row,
# a slice, a chained a[i][j]) reaches its base; augmented assignments work
# in place, in the array's dtype and shape, with NumPy's casting errors.
import numpy as np
c = np.zeros((2, 3)); r = c[0]; r[1] = 4; print(c)
c = np.zeros((3, 3)); c[0][1] = 4; print(c)
c = np.zeros(4); r = c[1:3]; r += 1; print(c, r)
f = np.arange(6.); f[::2][:] = -1; print(f)
c = np.zeros((2, 2))
for row in c:
    row += 1
print(c)
a = np.array([1, 2, 3]); b = a; b += 10; print(a, b)
a = np.array([1.5, 2.5]); a *= 2; print(a)
a = np.array([1, 2]); a //= 2; print(a)
m = np.zeros((3, 4)); m[1:, 2:][0] = 7; print(m)
m = np.zeros((2, 3)); v = m[:, 1]; v[:] = [5, 6]; print(m)
n = np.zeros((2, 2, 2)); n[1][0][1] = 3; print(n)
x = np.array([1, 2, 3]); y = x[1:].copy(); y[0] = 100; print(x, y)
s = np.float64(2.0); t = s; t += 1; print(s, t)
a = np.array([1, 2])
try:
    a += 1.5
except TypeError as e:
    print(type(e).__name__, e)
try:
    a += np.ones((2, 2), np.int64)
except ValueError as e:
    print(type(e).__name__, e)
bb = np.array([True, False])
try:
    bb += 1
except TypeError as e:
    print(type(e).__name__, e)
bb |= np.array([False, True]); print(bb)
i32 = np.array([1, 2], np.int32); i32 += np.int64(5); print(i32, i32.dtype)
f32 = np.array([1.0], np.float32); f32 += 0.1; print(f32, f32.dtype)
