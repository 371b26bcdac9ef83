# List comprehensions: conditions, nested loops, nested comprehensions, if/else in the element.
print([x * x for x in range(8)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(x, y) for x in range(3) for y in range(x)])
print([[x * y for y in range(1, 4)] for x in range(1, 4)])
matrix = [[1, 2, 3], [4, 5, 6]]
print([n for row in matrix for n in row])
print([[row[i] for row in matrix] for i in range(3)])
print([w.upper() for w in 'a bb ccc'.split() if len(w) > 1])
print([c for c in 'Hello World' if c.isalpha() and c == c.upper()])
print([i if i % 2 else -i for i in range(6)])
print([len(w) for w in ['one', 'three', '']])
print([(i, ch) for i, ch in enumerate('abc')])
print([a + b for a, b in zip([1, 2, 3], [10, 20, 30])])
print([x for x in []], [[] for _ in range(2)])
primes = [n for n in range(2, 40) if all([n % d for d in range(2, n)])]
print(primes)
words = ['apple', 'bob', 'kayak', 'level', 'tree']
print([w for w in words if w == w[::-1]])
print(sum([x for x in range(101)]), max([len(w) for w in words]))
