# Chained comparisons, including evaluation order and single evaluation of the middle term.
x = 5
print(1 < x < 10, 1 < x > 10, 10 > x >= 5, x == 5 == 5.0)
print(1 < 2 < 3 < 4, 1 < 3 < 2 < 4, 0 <= x <= 4)
print(1 == 1 != 2, 'a' < 'b' < 'c', [1] < [2] <= [2])
calls = []
def probe(name, value):
    calls.append(name)
    print("eval", name)
    return value
print(probe('a', 1) < probe('b', 2) < probe('c', 3))
print(calls)
calls = []
print(probe('a', 5) < probe('b', 2) < probe('c', 3))
print(calls)
print(3 > 2 == 2, (3 > 2) == 2)
print(2 in [1, 2] in [[1, 2]], 'x' not in 'abc' != False)
a = [1, 2]
b = a
print(a is b is not None)
values = [-1, 0, 3, 7, 10, 11]
for v in values:
    print(v, 0 <= v < 10, v != 3 != 7)
