# assert with and without a message: passing asserts, caught AssertionError, message expressions.
assert True
assert 1 + 1 == 2, 'math works'
print('passing asserts are silent')
try:
    assert 1 > 2
except AssertionError as e:
    print('no message:', repr(str(e)), e.args)
try:
    assert 1 > 2, 'one is not greater than two'
except AssertionError as e:
    print('with message:', e, e.args)
def checked_sqrt(x):
    assert x >= 0, 'negative input: ' + str(x)
    return x ** 0.5
for v in [16, 2, -4]:
    try:
        print(v, checked_sqrt(v))
    except AssertionError as e:
        print(v, 'AssertionError:', e)
count = 0
def side_effect():
    global count
    count += 1
    return 'evaluated'
assert True, side_effect()
print('message evaluated only on failure:', count)
try:
    assert [], side_effect()
except AssertionError as e:
    print(e, count)
try:
    assert None, 42
except AssertionError as e:
    print(e.args, type(e.args[0]).__name__)
