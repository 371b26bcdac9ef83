# range (incl. negative step and repr), enumerate (with start), zip (unequal lengths), reversed, list/tuple of them.
print(list(range(5)), list(range(2, 8)), list(range(0, 20, 5)))
print(list(range(10, 0, -2)), list(range(5, -6, -3)), list(range(3, 3)), list(range(5, 0)))
print(range(5), range(1, 10, 2), range(0, -5, -1))
print(len(range(0, 100, 7)), range(10)[3], range(10)[-1], 4 in range(5), 5 in range(5))
print(list(range(10))[::3], range(3) == range(0, 3))
for i, ch in enumerate('abc'):
    print(i, ch)
for i, ch in enumerate(['x', 'y'], start=1):
    print(i, ch)
print(list(enumerate('hi', 10)))
print(list(zip([1, 2, 3], 'ab')), list(zip('abc', range(10), [True, False, None])))
print(list(zip()), list(zip([1, 2])), list(zip([], [1])))
names = ['a', 'b', 'c']
scores = [90, 80]
for name, score in zip(names, scores):
    print(name, score)
pairs = [(1, 'one'), (2, 'two')]
nums, words = zip(*pairs)
print(nums, words)
print(list(reversed([1, 2, 3])), list(reversed('abc')), list(reversed(range(4))), list(reversed((1, 2))))
for x in reversed(range(1, 4)):
    print('rev', x)
print(list(range(-3, 3)), tuple(range(3)))
matrix = [[1, 2, 3], [4, 5, 6]]
print([list(col) for col in zip(*matrix)])
