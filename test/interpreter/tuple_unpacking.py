# Unpacking: tuple/list targets, swaps, nested targets, starred a, *b = ..., in for loops.
a, b = 1, 2
print(a, b)
a, b = b, a
print(a, b)
x, y, z = 'abc'
print(x, y, z)
[p, q] = [10, 20]
print(p, q)
(m, n), o = (1, 2), 3
print(m, n, o)
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = [1, 2, 3, 4]
print(init, last)
head, *middle, tail = 'hello'
print(head, middle, tail)
only, *empty = (1,)
print(only, empty)
a, *b, c = range(5)
print(a, b, c)
for i, (k, v) in enumerate([('a', 1), ('b', 2)]):
    print(i, k, v)
for n, *others in [(1, 2, 3), (4,), (5, 6)]:
    print(n, others)
def pair():
    return 'left', 'right'
l, r = pair()
print(l, r)
result = pair()
print(result, type(result).__name__)
a = b = c = 0
print(a, b, c)
i = 0
data = [0, 0, 0]
i, data[i] = 1, 'set'
print(i, data)
t = (1, 2)
u, v = t
print(u + v)
