# try/finally: finally runs on normal exit, on exceptions (caught outside), on return, and order of prints.
def normal():
    try:
        print('body')
    finally:
        print('finally after normal')
normal()
def raising():
    try:
        print('about to raise')
        raise ValueError('boom')
    finally:
        print('finally runs before propagation')
try:
    raising()
except ValueError as e:
    print('caught outside:', e)
def returns():
    try:
        print('returning 1')
        return 1
    finally:
        print('finally on return')
print('result', returns())
def override():
    try:
        return 'from try'
    finally:
        return 'from finally'
print(override())
def swallow():
    try:
        raise KeyError('lost')
    finally:
        return 'finally return swallows the exception'
print(swallow())
def value_at_return():
    x = 1
    try:
        return x
    finally:
        x = 2
        print('x changed to', x)
print(value_at_return())
def nested():
    try:
        try:
            raise TypeError('deep')
        finally:
            print('inner finally')
    finally:
        print('outer finally')
try:
    nested()
except TypeError as e:
    print('caught', e)
