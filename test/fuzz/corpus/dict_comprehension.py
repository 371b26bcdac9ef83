# Dict comprehensions: from ranges, zips, with conditions, nested, and inversion.
squares = {n: n * n for n in range(6)}
print(squares)
evens = {n: 'even' for n in range(10) if n % 2 == 0}
print(evens)
names = ['ann', 'bob', 'cy']
ages = [31, 25, 40]
print({name: age for name, age in zip(names, ages)})
print({name.upper(): len(name) for name in names})
print({k: v for k, v in squares.items() if v > 5})
print({v: k for k, v in squares.items()})
table = {i: {j: i * j for j in range(1, 4)} for i in range(1, 3)}
print(table)
print({ch: 'mississippi'.count(ch) for ch in 'mississippi'})
print({(x, y): x + y for x in range(2) for y in range(2)})
print({k: [] for k in 'ab'})
