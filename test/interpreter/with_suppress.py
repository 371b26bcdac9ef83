# __exit__ returning True swallows the exception; selective suppression by type; exc value in __exit__.
class Suppress:
    def __init__(self, *kinds):
        self.kinds = kinds
    def __enter__(self):
        return self
    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            print('exit: no exception')
            return False
        handled = issubclass(exc_type, self.kinds)
        print('exit:', exc_type.__name__, str(exc), 'suppressed' if handled else 'passed on')
        return handled
with Suppress(ZeroDivisionError):
    print('before')
    x = 1 / 0
    print('not reached')
print('after suppressed block')
with Suppress(KeyError, IndexError):
    [][3]
print('index error suppressed')
with Suppress(ValueError):
    print('no error here')
try:
    with Suppress(KeyError):
        int('bad')
except ValueError as e:
    print('outer got', e)
def inside_function():
    with Suppress(Exception):
        raise RuntimeError('swallowed in function')
    return 'function continued'
print(inside_function())
class Recorder:
    def __init__(self):
        self.log = []
    def __enter__(self):
        self.log.append('enter')
        return self.log
    def __exit__(self, exc_type, exc, tb):
        self.log.append('exit ' + ('ok' if exc is None else repr(exc)))
        return True
r = Recorder()
with r as log:
    log.append('work')
    raise TypeError('oops')
print(r.log)
