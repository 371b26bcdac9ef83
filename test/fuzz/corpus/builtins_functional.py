# any, all, map, filter (materialized with list), with lambdas, builtins and None filter.
print(any([False, 0, '']), any([False, 1]), any([]), all([]), all([1, 'a', [0]]), all([1, 0]))
nums = [1, -2, 3, -4, 5]
print(any([n < 0 for n in nums]), all([n != 0 for n in nums]))
print(list(map(abs, nums)), list(map(lambda n: n * n, nums)))
print(list(map(lambda a, b: a + b, [1, 2, 3], [10, 20])))
print(list(map(str.upper, ['x', 'y'])), list(map(len, ['', 'ab', 'abc'])))
print(list(filter(lambda n: n > 0, nums)), list(filter(None, [0, 1, '', 'a', None, [], [0]])))
print(list(filter(str.isdigit, ['1', 'a', '22'])))
def is_vowel(c):
    return c in 'aeiou'
print(''.join(filter(is_vowel, 'functional programming')))
print(sum(map(int, '12345')), max(map(len, ['a', 'abcd', 'ab'])))
print(sorted(map(lambda s: s[::-1], ['abc', 'xy'])))
print(list(map(lambda p: p[0] * p[1], zip([1, 2], [3, 4]))))
print(tuple(map(float, [1, 2])), set(map(lambda x: x % 3, range(7))))
