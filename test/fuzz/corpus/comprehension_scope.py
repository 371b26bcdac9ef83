# Comprehension scoping: loop variables do not leak, closures over comprehension variables.
x = 'outer x'
squares = [x * x for x in range(4)]
print(squares, x)
i = 'outer i'
pairs = {i: i * 2 for i in range(3)}
print(pairs, i)
letters = {c for c in 'abc'}
print(sorted(letters))
try:
    print(c)
except NameError as e:
    print('NameError:', e)
n = 10
print([n + k for k in range(3)])
def scale(values, factor):
    return [v * factor for v in values]
print(scale([1, 2, 3], 4))
fns = [lambda: k for k in range(3)]
print([f() for f in fns])
fns = [lambda k=k: k for k in range(3)]
print([f() for f in fns])
total = 0
for v in [1, 2, 3]:
    total += v
print(v, total)
def outer():
    base = 100
    return [base + j for j in range(3)]
print(outer())
print([[y for y in range(x)] for x in range(4)])
