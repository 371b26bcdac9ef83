# Tuples: packing, repr of empty/single/nested tuples, indexing, concatenation, comparison, methods.
t = 1, 2, 3
print(t, type(t).__name__, len(t))
print((), (1,), ('a',), ((1,),), (1, (2, 3)), tuple())
single = 'x',
print(single, len(single))
print(t[0], t[-1], t[1:], t[::-1])
print(t + (4,), t * 2, (0,) * 3)
print((1, 2) < (1, 3), (1, 2) < (1, 2, 0), (2,) > (1, 99), (1, 2) == (1, 2))
print(t.count(2), t.index(3), 2 in t, 5 not in t)
print(tuple([1, 2]), tuple('ab'), tuple(range(3)))
nested = ((1, 2), (3, 4))
for a, b in nested:
    print(a, b, a * b)
d = {(0, 0): 'origin', (1, 2): 'point'}
print(d[(1, 2)], d[0, 0])
print(sorted([(2, 'b'), (1, 'z'), (2, 'a')]))
print(max((1, 'a'), (1, 'b')), min([(3,), (1, 2)]))
print((1, [2, 3]), repr((None, True, 'x', 1.5)))
