# bool values: arithmetic, comparison with ints, str/int/repr, bitwise on bools.
t = True
f = False
print(t, f, repr(t), str(f))
print(t + t, t * 10, t - f, -t, +f)
print(t / 2, t // 1, t % 1, t ** 2)
print(t == 1, f == 0, t is True, f is not True)
print(t & f, t | f, t ^ t, t & 1, f | 2)
print(type(t & f).__name__, type(t & 1).__name__, type(t + t).__name__)
print(int(t), float(f), str(t) + '!')
print(sum([True, True, False, True]))
print(isinstance(True, int), isinstance(1, bool))
print(bool(0), bool(1), bool(-1), bool(0.0), bool(''), bool('0'), bool([]), bool([0]))
print(bool(None), bool({}), bool(()), bool(set()), bool(' '))
print(not t, not f, not not 3)
print(t < 2, f < t, max(t, f), min(True, 0.5))
print(True + 0.5, [1, 2, 3][True])
count = 0
for word in ['apple', 'kiwi', 'banana', 'fig']:
    count += len(word) > 3
print(count)
