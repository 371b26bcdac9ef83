# Slice assignment (growing, shrinking, extended slices) and del of items and slices.
a = list(range(8))
a[1:3] = ['x', 'y', 'z']
print(a)
a[0:2] = []
print(a)
a[::2] = ['e0', 'e1', 'e2', 'e3', 'e4'][:len(a[::2])]
print(a)
a[:] = [1, 2, 3]
print(a)
a[len(a):] = [4, 5]
print(a)
a[:0] = [-1, 0]
print(a)
a[2] = 'two'
a[-1] = 'last'
print(a)
del a[0]
print(a)
del a[-1]
print(a)
del a[1:3]
print(a)
b = list(range(10))
del b[::3]
print(b)
del b[:]
print(b, len(b))
alias = c = [1, 2, 3]
c[1:2] = [20, 21, 22]
print(alias)
m = [[0] * 3 for _ in range(2)]
m[0][1] = 5
m[1][1:] = [7, 8]
print(m)
