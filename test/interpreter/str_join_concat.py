# String concatenation, repetition, join, len, and building strings in loops.
a = 'foo'
b = 'bar'
print(a + b, a * 3, 3 * b, a + ' ' + b)
print(repr('' * 5), repr('x' * 0), repr('ab' * -1))
print(', '.join(['x', 'y', 'z']), '-'.join('abc'), ''.join(['1', '2']))
print(repr(','.join([])), repr('+'.join(['solo'])))
print(' | '.join([str(i) for i in range(5)]))
print(len(''), len('hello'), len('a b'), len('\n'))
out = ''
for i in range(5):
    out += str(i) * i
    print(repr(out))
parts = []
for word in 'build a sentence from words'.split():
    parts.append(word.capitalize())
print(' '.join(parts))
print('='.join(('k', 'v')), '\n'.join(['line one', 'line two']))
s = 'ab'
s *= 3
print(s)
print(str(12) + str(3.5) + str(None) + str(True) + str([1]))
