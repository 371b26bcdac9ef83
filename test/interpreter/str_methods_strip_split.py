# strip/lstrip/rstrip (with and without chars) and split with and without sep and maxsplit.
s = '   padded text \t\n'
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print(repr('xxhixx'.strip('x')), repr('xxhixx'.lstrip('x')), repr('xxhixx'.rstrip('x')))
print(repr('abcHELLOcba'.strip('abc')), repr('...'.strip('.')))
print('a b  c   d'.split())
print('  leading and trailing  '.split())
print('a,b,,c'.split(','))
print('a, b, c'.split(', '))
print('one two three four'.split(' ', 2))
print('k=v=w'.split('=', 1))
print('a,b,c'.split(',', maxsplit=1))
print('a b c'.split(maxsplit=1))
print(''.split(), ''.split(','), ','.split(','))
print('no separators here'.split('|'))
print('line1\nline2\n\nline4'.split('\n'))
print('tab\tseparated\tvalues'.split('\t'))
print('x'.split('x'), 'xax'.split('x'))
words = 'the quick brown fox'.split()
print(len(words), words[-1])
csv = 'name,age\nann,31\nbob,27'
for row in csv.split('\n'):
    print(row.split(','))
