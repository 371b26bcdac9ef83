# String comparisons: lexicographic ordering, case, prefixes, equality, sorting strings.
print('apple' < 'banana', 'apple' < 'Apple', 'Z' < 'a')
print('abc' < 'abd', 'abc' < 'abcd', '' < 'a', 'b' > 'abc')
print('abc' == 'abc', 'abc' != 'ABC', 'a' <= 'a', 'a' >= 'b')
print('10' < '9', 10 < 9, '2' > '10')
print(max('apple', 'pear', 'fig'), min('apple', 'pear', 'fig'))
print(sorted(['banana', 'Apple', 'cherry', 'apple', 'Banana']))
print(sorted(['b', 'a', 'C', 'B', 'c', 'A']))
print('é' > 'e', 'z' < 'é')
words = ['delta', 'alpha', 'charlie', 'bravo']
words.sort()
print(words)
print(min(words), max(words))
