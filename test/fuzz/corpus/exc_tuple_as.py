# except (A, B) as e, ordering of handlers, base-class handlers, multiple except clauses.
def risky(kind):
    if kind == 'value':
        raise ValueError('bad value')
    if kind == 'type':
        raise TypeError('bad type')
    if kind == 'key':
        raise KeyError('bad key')
    if kind == 'index':
        return [][0]
    if kind == 'zero':
        return 1 // 0
    return 'fine'
for kind in ['value', 'type', 'key', 'index', 'zero', 'none']:
    try:
        print(kind, 'returned', risky(kind))
    except (ValueError, TypeError) as e:
        print(kind, 'value-or-type:', type(e).__name__, e)
    except LookupError as e:
        print(kind, 'lookup:', type(e).__name__, e)
    except Exception as e:
        print(kind, 'generic:', type(e).__name__, e)
errors = (ZeroDivisionError, IndexError)
try:
    risky('zero')
except errors as e:
    print('tuple in a variable works:', e)
try:
    risky('value')
except Exception:
    print('first matching handler wins')
except ValueError:
    print('never')
print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError))
print(issubclass(ValueError, Exception), issubclass(Exception, BaseException))
