# and/or/not return operands (not just bools) and short-circuit.
print(0 or 'default', '' or 'empty', 'set' or 'unused')
print(1 and 2, 0 and 2, [] and 'x', 'a' and '')
print(None or 0, None or [] or {}, 0 or None)
print(1 and 2 and 3, 1 and 0 and 3, 0 or '' or 'last')
print(not 0, not 5, not '', not 'x', not None, not [])
print(repr([] or ()), repr(0.0 or -0.0))
def side(label, value):
    print("called", label)
    return value
r = side('first', 0) and side('second', 1)
print('r =', r)
r = side('first', 1) and side('second', 2)
print('r =', r)
r = side('first', 'yes') or side('second', 'no')
print('r =', r)
r = side('first', '') or side('second', 'fallback')
print('r =', r)
name = None
print(name or 'anonymous')
items = [3, 0, '', 'x', None, [0]]
for it in items:
    print(repr(it), bool(it), it or '-', it and '+')
print(1 < 2 and 'ok' or 'bad', 1 > 2 and 'ok' or 'bad')
print(not 1 == 2, not (1 and 0))
