# NumPy item assignment: a confusion matrix counted with +=, a boolean mask,
# rows, columns, slices and broadcasting, one array under two names, and
# NumPy's error for a shape that does not fit.
import numpy as np
cm = np.zeros((3, 3), dtype=np.int32)
for t, p in [(0, 0), (1, 2), (2, 2), (1, 2)]:
    cm[t, p] += 1
print(cm)
v = np.array([1.0, 5.0, 2.0, 7.0])
v[v > 2] = 0
print(v)
a = np.arange(12).reshape(3, 4)
a[1] = 9
a[:, 0] = [7, 8, 9]
a[0, 1:3] = np.array([-1, -2])
a[2:, :2] = 100
print(a)
b = a
b[0, 0] = 42
print(a[0, 0])
g = np.zeros(3)
g[1] = 2.5
g[np.int64(2)] = -1
print(g)
try:
    g[0:2] = [1, 2, 3]
except ValueError as e:
    print("ValueError", e)
