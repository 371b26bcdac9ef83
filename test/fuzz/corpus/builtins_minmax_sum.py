# min/max with iterables, several args, key= and default=; sum with start; abs.
print(max([3, 7, 2]), min([3, 7, 2]), max(3, 7, 2), min(3, 7, 2))
print(max('hello'), min('hello'), max(['b', 'abc', 'a']), min((5.5, 2, 9)))
print(max(['apple', 'fig', 'banana'], key=len), min(['apple', 'fig', 'banana'], key=len))
print(max(-3, 2, -5, key=abs), min([-3, 2, -5], key=abs))
print(max([], default='empty'), min([], default=None), max([1], default=0))
print(max([1, 3, 3, 2], key=lambda x: x % 3), max([(1, 'b'), (1, 'a')]))
print(max(1, 2.5), min(2, 2.0), max(2.0, 2), min(True, 2))
people = [('ann', 31), ('bob', 25), ('cy', 31)]
print(max(people, key=lambda p: p[1]), min(people, key=lambda p: p[1]))
print(sum([1, 2, 3]), sum([1, 2, 3], 10), sum([]), sum([0.5, 0.25]), sum(range(101)))
print(sum([[1], [2, 3]], []), sum([1.5, 2], 0.5), sum((True, True)))
print(abs(-5), abs(5), abs(-2.5), abs(0), abs(-0.0), abs(True))
d = {'a': 3, 'b': 9, 'c': 1}
print(max(d), max(d, key=d.get), min(d.values()), sum(d.values()))
