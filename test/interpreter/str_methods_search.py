# find, index, count, startswith, endswith, replace, in / not in.
s = 'the cat sat on the mat'
print(s.find('the'), s.find('the', 1), s.find('dog'), s.find('at', 5, 10))
print(s.index('cat'), s.index('on'), s.index('t', 2))
print(s.count('at'), s.count('the'), s.count('z'), 'aaaa'.count('aa'), 'abc'.count(''))
print(s.startswith('the'), s.startswith('cat'), s.startswith('cat', 4))
print(s.endswith('mat'), s.endswith('sat'), s.endswith(('hat', 'mat')), s.startswith(('a', 't')))
print(s.replace('at', 'og'), s.replace('the', 'a', 1), 'aaa'.replace('a', 'b', 2))
print('abc'.replace('', '-'), 'x.y.z'.replace('.', ''))
print('cat' in s, 'dog' in s, 'dog' not in s, '' in s)
try:
    s.index('dog')
except ValueError as e:
    print('ValueError:', e)
print('hello'.find('l'), 'hello'.find(''), ''.find('a'))
text = 'banana'
pos = text.find('a')
while pos != -1:
    print('a at', pos)
    pos = text.find('a', pos + 1)
