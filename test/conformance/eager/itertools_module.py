# itertools as scripts use it: grids of hyper-parameters (product), pairs
# and runs of a sequence, streams cut by islice, and CPython's errors.
import itertools
import tensorflow as tf

print(list(itertools.product([1, 2], "ab")))
print(list(itertools.product(range(2), repeat=3)))
print(list(itertools.permutations("abc", 2)))
print(list(itertools.permutations(range(3))))
print(list(itertools.combinations(range(5), 3)))
print(list(itertools.combinations_with_replacement("ab", 3)))
print(list(itertools.islice(itertools.count(10, 5), 4)))
print(list(itertools.islice("abcdefg", 1, None, 2)))
print(list(itertools.islice(itertools.cycle([1, 2, 3]), 7)))
print(list(itertools.repeat("x", 3)))
print(list(itertools.accumulate([1, 2, 3, 4])))
print(list(itertools.accumulate([1, 2, 3, 4], max, initial=2)))
print(list(itertools.chain([1, 2], (3,), "ab")))
print(list(itertools.chain.from_iterable([[1], [2, 3]])))
print(list(itertools.compress("abcdef", [1, 0, 1, 0, 1, 1])))
print(list(itertools.dropwhile(lambda x: x < 3, [1, 2, 3, 4, 1])))
print(list(itertools.takewhile(lambda x: x < 3, [1, 2, 3, 4, 1])))
print(list(itertools.filterfalse(lambda x: x % 2, range(6))))
print([(k, list(g)) for k, g in itertools.groupby("aaabbcaa")])
print([(k, len(list(g))) for k, g in itertools.groupby(range(10), key=lambda x: x // 3)])
groups = itertools.groupby("aabbb")
k1, g1 = next(groups)
k2, g2 = next(groups)
print(k1, list(g1), k2, list(g2))
print(list(itertools.pairwise([1, 2, 3, 4])))
print(list(itertools.starmap(pow, [(2, 3), (3, 2)])))
print(list(itertools.zip_longest([1, 2, 3], "ab", fillvalue="-")))
a, b = itertools.tee([1, 2, 3])
print(list(a), list(b))
try:
    itertools.islice([1], -1)
except ValueError as e:
    print("ValueError:", e)
try:
    list(itertools.combinations([1, 2], -1))
except ValueError as e:
    print("ValueError:", e)


from itertools import product, count
print(next(count()), list(product()))
print([list(g) for _, g in itertools.groupby([])])
print(list(itertools.permutations([], 0)), list(itertools.combinations("ab", 3)))
print(tf.constant(list(itertools.chain([1.0], [2.0]))))
