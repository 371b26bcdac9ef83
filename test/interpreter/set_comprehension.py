# Set comprehensions and set displays; printed via sorted() or with small ints.
print({x % 5 for x in range(20)})
print({x for x in range(8) if x % 3 == 0})
letters = {ch for ch in 'abracadabra'}
print(sorted(letters), len(letters))
lengths = {len(w) for w in ['a', 'bb', 'cc', 'ddd', 'e']}
print(lengths)
pairs = {(x, y) for x in range(3) for y in range(3) if x < y}
print(sorted(pairs))
print({n * n for n in [-2, -1, 0, 1, 2]})
evens = {n for n in range(8) if n % 2 == 0}
odds = {n for n in range(8) if n % 2}
print(evens, odds, evens | odds, evens & odds)
print(set(), type({1}).__name__, type({}).__name__)
