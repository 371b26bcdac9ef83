# print(): multiple args, sep=, end=, no args, mixed types, empty strings, nested containers.
print()
print('a', 'b', 'c')
print('a', 'b', 'c', sep='')
print('a', 'b', 'c', sep=', ')
print('no newline', end='')
print(' <- continued')
print('x', 'y', sep='-', end='!\n')
print(1, 2.5, None, True, 'str', [1, 'two'], (3,), {'k': 'v'})
print('')
print('', '')
print('multi\nline')
for i in range(3):
    print(i, end=' ')
print()
print(*range(4), sep=' | ')
print('tab', 'sep', sep='\t')
print('end', end='')
print()
print('a', end='')
print('b', end='')
print('c')
print([], {}, (), '', sep='#')
print('unicode: é ü 日本', sep='')
print("quotes in list", ["it's", 'say "x"'])


class Unprintable:
    def __str__(self):
        raise ValueError("no str")


# The arguments before one whose str() raises are written.
try:
    print('before', 1, Unprintable(), 'after')
except ValueError as e:
    print('|', e)


class Collect:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)


sink = Collect()
print('x', 2, sep='--', end='.', file=sink)
print(sink.parts)
print('last line without newline', end='')
