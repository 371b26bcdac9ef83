# dicts: literals, insertion order, item assignment, repr, in, len, iteration, del and re-insertion.
d = {'one': 1, 'two': 2}
d['three'] = 3
print(d, len(d))
d['one'] = 'uno'
print(d)
print('two' in d, 'four' in d, 2 in d, 'four' not in d)
for key in d:
    print(key, d[key])
del d['two']
print(d)
d['two'] = 2
print(d)
print({}, dict(), {1: 'a', 2.5: None, (1, 2): [3], 'k': {'nested': True}})
print(dict(a=1, b=2), dict([('x', 1), ('y', 2)]), dict(zip('abc', range(3))))
counts = {}
for ch in 'mississippi':
    if ch in counts:
        counts[ch] += 1
    else:
        counts[ch] = 1
print(counts)
print({1: 'int', True: 'bool'}, {1: 'a', 1.0: 'b'})
print({'a': 1, 'b': 2} == {'b': 2, 'a': 1}, {'a': 1} != {'a': 2})
inv = {v: k for k, v in {'a': 1, 'b': 2}.items()}
print(inv)
grid = {}
grid[(0, 1)] = 'x'
grid[0, 2] = 'o'
print(grid)
print(repr({'quote': "it's"}), str({'n': None}))
