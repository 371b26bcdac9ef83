# bytes literals: repr, escapes, indexing (ints), slicing, len, concatenation, comparison.
b = b'hello'
print(b, repr(b), len(b))
print(b[0], b[-1], b[1:3], b[::-1])
print(b + b' world', b * 2)
print(b'', b'\x00\x01\xff', b'\n\t\\', b"it's", b'say "hi"')
print(b'A\x42C', b'\x41' == b'A')
print(b == b'hello', b < b'help', b'abc' != b'abd')
print(b'ell' in b, 104 in b)
print(list(b'abc'), b'abc'[1:] == b'bc')
for byte in b'hi!':
    print(byte, chr(byte))
print(type(b).__name__, type(b[0]).__name__, type(b[:1]).__name__)
print(str(b'x'), repr(b'caf\xc3\xa9'), [b'one', b'two'])
