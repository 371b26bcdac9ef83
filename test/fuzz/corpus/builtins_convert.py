# Conversion builtins: int float bool str repr list tuple dict set, type(x).__name__ for many values.
print(str(1), str(1.5), str(None), str(True), str([1, 'a']), str('s'))
print(repr(1), repr(1.5), repr(None), repr('s'), repr([1, 'a']), repr((1,)))
print(list('abc'), list((1, 2)), list({'k': 1, 'j': 2}), list(range(3)), list())
print(tuple([1, 2]), tuple('xy'), tuple(), tuple({'a': 1}))
print(dict([('a', 1), ['b', 2]]), dict(x=1), dict({'y': 2}, z=3))
print(sorted(set('banana')), set([1, 2, 2]), set())
print(bool(0), bool(42), bool(''), bool('False'), bool([]), bool([[]]), bool(0.0), bool(None))
print(int('12') + int(3.7) + int(True), float('1.5') + float(2), int(float('1e3')))
values = [1, 1.0, 'x', True, None, [1], (1,), {'a': 1}, {1}, range(2), b'b', 1 > 0]
for v in values:
    print(repr(v), type(v).__name__)
def f():
    pass
class K:
    pass
print(type(f).__name__, type(K()).__name__, type(K).__name__, type(lambda: 0).__name__)
print(type(3) == int, type('a') is str, type([]) == list)
print(str(12345)[::-1], int(str(12345)[::-1]) + 1)
print(list(map(int, '123')), list(map(str, [1, 2])), float(int(2.9)))
print(type(1).__name__, type(2 ** 62).__name__, type(7 / 7).__name__)
