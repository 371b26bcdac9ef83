# Nested try statements, exceptions across function calls, handlers raising, state after handling.
def level3(x):
    if x == 0:
        raise ZeroDivisionError('level3 got zero')
    return 10 / x
def level2(x):
    try:
        return level3(x)
    except TypeError:
        print('level2 handles only TypeError')
        return None
def level1(x):
    try:
        return level2(x)
    except ZeroDivisionError as e:
        print('level1 caught:', e)
        return 'recovered'
print(level1(4), level1(0))
try:
    try:
        try:
            raise ValueError('innermost')
        except KeyError:
            print('wrong handler')
        finally:
            print('finally 1')
    except ValueError as e:
        print('middle caught', e)
        raise IndexError('from middle handler')
    finally:
        print('finally 2')
except IndexError as e:
    print('outer caught', e)
results = []
for item in [1, 'two', 3, None]:
    try:
        try:
            results.append(item * 2)
        except TypeError:
            results.append('bad:' + str(item))
            raise
    except TypeError:
        results.append('re-raised')
print(results)
def safe(fn, default):
    try:
        return fn()
    except Exception as e:
        return default + ' (' + type(e).__name__ + ')'
print(safe(lambda: [][1], 'empty'), safe(lambda: 'ok', 'unused'))
