# NumPy's advanced indexing in tuples (index lists and arrays with ints,
# slices, None and ..., bool masks over leading dimensions, NumPy's
# IndexErrors), NumPy integer scalars as indices, copies that assignments
# do not reach (a.copy(), np.copy, np.array; np.asarray aliases), bool
# arrays from numbers, and a.transpose(*axes).
import numpy as np

def show(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, str(e)[:150])

a = np.arange(24).reshape(2, 3, 4)
m = np.arange(12).reshape(3, 4)
show("1", lambda: m[:, [1, 3]])
show("2", lambda: m[[0, 2], 1:3])
show("3", lambda: m[[0, 2], [1, 3]])
show("4", lambda: m[np.int64(1), 2])
show("5", lambda: a[:, [0, 2], 1])
show("6", lambda: a[0, :, [1, 2]])
show("7", lambda: a[[1], :, [1, 2]])
show("8", lambda: a[..., [3, 0]])
show("9", lambda: m[m[:, 0] > 2, 1])
show("10", lambda: m[[True, False, True], :])
show("11", lambda: a[a[:, :, 0] > 4])
show("12", lambda: m[None, [2, 0]])
show("13", lambda: m[[0, 1], [0, 1, 2]])
show("14", lambda: m[:, [5]])
show("15", lambda: m[[[0, 1], [2, 0]], ::2])
show("16", lambda: m[:, np.array([1, -1])])
show("17", lambda: m[[0, 1], 1, None])
show("18", lambda: m[np.array([True, False, True]), ::-1])
show("19", lambda: m[[1.0], 0])
show("20", lambda: m[[True, False], 0])
x = m.copy()
x[:, [1, 3]] = 0
show("22", lambda: x)
x[[0, 2], [0, 0]] = np.array([7, 8])
show("23", lambda: x)
show("24", lambda: a[1, [0, 1], ...].shape)
show("25", lambda: m[(slice(None), [0])])

m = np.arange(4).reshape(2, 2)
x = m.copy()
x[[0, 1], [0, 0]] = np.array([7, 8])
print(m)
y = m.copy()
y[0, 0] = 9
print(m)
z = m.copy()
z[[0], [1]] = 5
print(m, z)
w = np.array(m)
w[0, 0] = -1
v = np.copy(m)
v[1, 1] = -2
u = np.asarray(m)
u[1, 0] = -3
print(m, w, v, u)

a = np.arange(24).reshape(2, 3, 4)
print(a.transpose(1, 0, 2).shape, a.transpose((2, 0, 1)).shape, a.transpose().shape)
print(a.reshape(4, 6).shape, a.reshape((6, 4)).shape)
print(np.array([1, 0, 2], dtype=bool), np.array([[0.0, -1.5]], dtype=bool), np.array(3, dtype=bool))
