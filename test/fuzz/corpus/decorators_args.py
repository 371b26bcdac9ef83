# Decorators with arguments (decorator factories), including stacking with plain decorators.
def repeat(times):
    def decorate(func):
        def wrapper(*args):
            results = []
            for _ in range(times):
                results.append(func(*args))
            return results
        return wrapper
    return decorate
@repeat(3)
def roll(x):
    return x * 2
print(roll(5))
def prefix(tag, sep=': '):
    def decorate(func):
        def wrapper(*args, **kwargs):
            return tag + sep + str(func(*args, **kwargs))
        return wrapper
    return decorate
@prefix('INFO')
def status():
    return 'ok'
@prefix('WARN', sep=' | ')
def warn(msg, code=0):
    return msg + ' (' + str(code) + ')'
print(status())
print(warn('disk', code=7))
def validate(lo, hi):
    def decorate(func):
        def wrapper(x):
            if not lo <= x <= hi:
                return 'rejected ' + str(x)
            return func(x)
        return wrapper
    return decorate
@validate(0, 10)
@prefix('val')
def show(x):
    return x * x
for v in [-1, 3, 10, 11]:
    print(show(v))
def tagged(name):
    print('factory called with', name)
    def decorate(func):
        print('decorating', func.__name__)
        func.tag = name
        return func
    return decorate
@tagged('special')
def marked():
    return 'marked'
print(marked(), marked.tag)
