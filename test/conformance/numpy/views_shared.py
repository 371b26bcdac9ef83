# NumPy views share their elements both ways: a write into the base shows
# in every view taken before it (rows, slices, .T, reshape, ravel, squeeze,
# expand_dims, swapaxes), a write through any of those views reaches the
# base and the other views, and copies (flatten, copy, np.array, reshapes
# that strides cannot describe) stay apart.
import numpy as np

a = np.zeros((2, 3))
row, col, t = a[0], a[:, 1], a.T
a[0, 1] = 5
print(row, col, t, sep="\n")
t[2, 1] = 7
print(a, row, col, sep="\n")
r = a.reshape(-1)
r[0] = -1
print(a[0], row)
flat = a.ravel(); flat[1] += 100
print(a, col)
f = a.flatten(); f[:] = 0
print(a.sum(), f.sum())
c = a.copy(); c[0] = 9
print(a[0], c[0])

b = np.arange(12).reshape(3, 4)
odd = b[:, 1::2]
b[1] *= 10
print(odd)
tr = b.T.reshape(4, 3)  # strided: a view
tr[0, 0] = -5
print(b[0, 0])
cp = b[:, ::2].reshape(-1)  # not strided: a copy
cp[0] = 99
print(b[0, 0], cp[0])
rv = b[:, ::2].ravel()  # not contiguous: a copy
rv[:] = 0
print(b[:, ::2])
sq = np.squeeze(b[None]); sq[2, 3] = 1000
print(b[2])
ex = np.expand_dims(b, 0); b[0, 1] = 42
print(ex[0, 0])
sw = np.swapaxes(b, 0, 1); sw[3, 2] = 7
print(b[2, 3])
tp = np.transpose(b); b.sort(axis=1)
print(b[0], tp[:, 0])

v = np.arange(10.0)
w = v[2:8]
ww = w[::2]
v[:] = -v
print(w, ww)
ww[1] = 0.5
print(v)
rows = [m for m in np.ones((3, 2))]
print(rows)
np.random.seed(0)
deck = np.arange(6)
half = deck[:3]
np.random.shuffle(deck)
print(deck, half)
s = np.arange(4)
x = s[1]
s[1] = 9
print(x, type(x).__name__)
