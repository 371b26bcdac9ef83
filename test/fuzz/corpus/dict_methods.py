# dict methods: get, pop (with default), setdefault, update, copy, clear, popitem.
d = {'a': 1, 'b': 2, 'c': 3}
print(d.get('a'), d.get('z'), d.get('z', 0), d.get('b', 99))
print(d.pop('b'), d)
print(d.pop('zz', 'default'), d)
print(d.setdefault('a', 100), d.setdefault('new', []), d)
d.setdefault('new', []).append('item')
d.setdefault('other', []).append('x')
print(d)
d.update({'a': 'A', 'e': 5})
print(d)
d.update(f=6, g=7)
print(d)
d.update([('h', 8)])
print(d)
e = d.copy()
e['a'] = 'changed'
print(d['a'], e['a'])
print(d.popitem(), d)
d.clear()
print(d, len(d))
groups = {}
for word in ['apple', 'avocado', 'banana', 'blueberry', 'cherry']:
    groups.setdefault(word[0], []).append(word)
print(groups)
stock = {'x': 3}
for item in ['x', 'y', 'x']:
    stock[item] = stock.get(item, 0) + 1
print(stock)
