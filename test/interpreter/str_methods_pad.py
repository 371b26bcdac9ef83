# Padding and predicates: zfill, center, ljust, rjust, isdigit, isalpha.
print(repr('42'.zfill(5)), repr('-42'.zfill(6)), repr('+7'.zfill(4)), repr('12345'.zfill(3)))
print(repr('ab'.center(7, '*')), repr('abc'.center(8)), repr('abc'.center(9, '-')), repr('abcd'.center(2)))
print(repr('ab'.center(6)), repr('a'.center(4, '.')), repr('a'.center(5, '.')))
print(repr('hi'.ljust(6)), repr('hi'.ljust(6, '.')), repr('hi'.rjust(6)), repr('hi'.rjust(6, '0')))
print(repr('long text'.ljust(3)), repr('long text'.rjust(3)))
for s in ['123', '12a', '', 'abc', 'ABCdef', 'abc1', ' ', 'é', '7']:
    print(repr(s), s.isdigit(), s.isalpha())
table = [('apple', 3), ('kiwi', 12), ('watermelon', 100)]
for name, qty in table:
    print(name.ljust(12) + str(qty).rjust(5) + '|')
for name, qty in table:
    print('[' + name.center(12) + ']', str(qty).zfill(4))
