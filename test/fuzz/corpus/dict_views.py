# dict views: keys/values/items repr, iteration, list() of views, membership, live updates.
d = {'x': 1, 'y': 2, 'z': 3}
print(d.keys())
print(d.values())
print(d.items())
print(list(d.keys()), list(d.values()), list(d.items()))
print(len(d.keys()), 'x' in d.keys(), 2 in d.values(), ('y', 2) in d.items())
keys = d.keys()
d['w'] = 4
print(keys)
for k, v in d.items():
    print(k, '->', v)
for v in d.values():
    print('value', v)
print(sorted(d.values(), reverse=True), sum(d.values()), max(d.keys()))
print({}.keys(), {}.values(), {}.items())
print(dict(d.items()) == d)
