# String case methods: upper, lower, title, capitalize (with punctuation and digits).
texts = ['hello world', 'HELLO World', 'mIxEd CaSe', "they're bill's", 'a1b2 c3d', '', '123', 'ÉCOLE café']
for t in texts:
    print(repr(t), t.upper(), t.lower(), t.title(), t.capitalize())
print('hello'.upper().lower())
print('ABC'.lower() == 'abc', 'abc'.upper() == 'ABC')
print('  spaced  out '.title())
print('snake_case_name'.title(), 'x-ray'.capitalize(), 'x-ray'.title())
