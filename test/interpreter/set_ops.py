# Sets: add/discard/remove, union/intersection/difference/symmetric difference (methods and operators), in.
a = {1, 2, 3, 4}
b = {3, 4, 5, 6}
print(a, b, len(a))
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b))
print(a.union([7]), a.intersection(range(3)))
s = set()
print(s, len(s))
s.add(3)
s.add(1)
s.add(3)
print(s)
s.discard(1)
s.discard(99)
print(s)
s.remove(3)
print(s)
try:
    s.remove(42)
except KeyError as e:
    print('KeyError', e)
print(3 in a, 9 in a, 9 not in a)
print({1, 2} <= a, {1, 2} < {1, 2}, a >= {1}, {1, 2}.issubset(a), a.issuperset({2, 3}))
print(set([3, 1, 3, 2, 1]), set('aab') == {'a', 'b'}, sorted(set('hello')))
print({1, 2} == {2, 1}, {0} != {False})
words = ['the', 'cat', 'the', 'hat', 'a', 'cat']
unique = set(words)
print(len(unique), sorted(unique))
seen = set()
order = []
for w in words:
    if w not in seen:
        seen.add(w)
        order.append(w)
print(order)
a |= {7}
a -= {1}
print(a)
c = {5, 6, 7}
c &= {6, 7, 8}
print(c)
fs = {2, 0, 1}
print(sorted(fs), min(fs), max(fs), sum(fs))
