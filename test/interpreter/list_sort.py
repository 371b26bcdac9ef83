# list.sort and sorted(): key=, reverse=, stability, sorting tuples and strings.
nums = [5, 2, 9, 1, 5, 6, -3, 0]
print(sorted(nums), nums)
nums.sort()
print(nums)
nums.sort(reverse=True)
print(nums)
words = ['banana', 'Pie', 'apple', 'fig', 'cherry', 'date']
print(sorted(words))
print(sorted(words, key=len))
print(sorted(words, key=len, reverse=True))
print(sorted(words, key=lambda w: w.lower()))
print(sorted(words, key=lambda w: (len(w), w)))
words.sort(key=lambda w: w[-1])
print(words)
pairs = [('b', 2), ('a', 2), ('c', 1), ('a', 1)]
print(sorted(pairs))
print(sorted(pairs, key=lambda p: p[1]))
print(sorted(pairs, key=lambda p: -p[1]))
print(sorted('hello'), sorted((3, 1, 2)), sorted({'b': 1, 'a': 2}))
people = [{'name': 'Ann', 'age': 31}, {'name': 'Bob', 'age': 25}, {'name': 'Cy', 'age': 31}]
for p in sorted(people, key=lambda p: p['age']):
    print(p['name'], p['age'])
print(sorted([3.5, 1, 2.25, -1]), sorted([True, False, True]))
r = nums.sort()
print(r)
def by_abs(x):
    return abs(x)
print(sorted([-5, 3, -1, 4, -2], key=by_abs))
