# try/except basics: matching by class and base class, str(e), e.args, repr(e), unmatched fallthrough.
def divide(a, b):
    try:
        result = a / b
    except ZeroDivisionError as e:
        print('caught:', e, '| args:', e.args, '| repr:', repr(e))
        return None
    return result
print(divide(10, 4), divide(1, 0))
try:
    int('not a number')
except ValueError as e:
    print(type(e).__name__, e)
try:
    [1, 2, 3][10]
except IndexError as e:
    print(type(e).__name__, e)
try:
    {'a': 1}['b']
except KeyError as e:
    print(type(e).__name__, e, e.args, repr(e))
try:
    {}[('tuple', 1)]
except LookupError as e:
    print('LookupError catches', type(e).__name__, str(e))
try:
    raise ValueError('with', 'two args')
except Exception as e:
    print(str(e), e.args, repr(e))
try:
    raise RuntimeError
except RuntimeError as e:
    print(repr(str(e)), e.args, repr(e))
try:
    try:
        raise TypeError('inner')
    except ValueError:
        print('not reached')
except TypeError as e:
    print('outer caught', e)
for value in ['5', 'x', '0']:
    try:
        print(value, '->', 10 // int(value))
    except (ValueError, ZeroDivisionError) as e:
        print(value, '-> error', type(e).__name__)
try:
    raise ValueError('bare except')
except:
    print('bare except caught it')
e = 'still defined?'
try:
    raise KeyError('k')
except KeyError as e:
    pass
try:
    print(e)
except NameError as err:
    print('NameError after except:', err)
