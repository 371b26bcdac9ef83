# Comparing and printing containers nested past the recursion limit is
# CPython's RecursionError (cyclic ones too), not a crash.
l = []; l.append(l)
m = []; m.append(m)
try:
    print(l == m)
except RecursionError as e:
    print("RecursionError:", e)
try:
    print(l < m)
except RecursionError as e:
    print("RecursionError:", e)
d = {}; d[1] = d
e = {}; e[1] = e
try:
    print(d == e)
except RecursionError as ex:
    print("RecursionError:", ex)
print(l == l, l == [l])
a = []
for i in range(5000):
    a = [a]
try:
    print(repr(a)[:10])
except RecursionError as ex:
    print("RecursionError:", ex)
print(repr(l), d)
