# Decorators without arguments: wrappers, call logging, stacking order, registration, class decorator.
def shout(func):
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs).upper()
    return wrapper
@shout
def hello(name):
    return 'hello ' + name
print(hello('ann'))
calls = []
def logged(func):
    def wrapper(*args):
        calls.append(func.__name__)
        print('calling', func.__name__, args)
        result = func(*args)
        print('returned', result)
        return result
    return wrapper
@logged
def add(a, b):
    return a + b
add(2, 3)
add('x', 'y')
print(calls)
def bold(func):
    print('decorating with bold:', func.__name__)
    def wrapper():
        return '<b>' + func() + '</b>'
    return wrapper
def italic(func):
    print('decorating with italic:', func.__name__)
    def wrapper():
        return '<i>' + func() + '</i>'
    return wrapper
@bold
@italic
def text():
    return 'styled'
print(text())
print(text.__name__)
registry = {}
def register(func):
    registry[func.__name__] = func
    return func
@register
def one():
    return 1
@register
def two():
    return 2
print(sorted(registry), registry['two']())
def count_calls(func):
    def wrapper(*args):
        wrapper.calls += 1
        return func(*args)
    wrapper.calls = 0
    return wrapper
@count_calls
def noop():
    pass
noop()
noop()
print(noop.calls)
def add_greeting(cls):
    cls.greet = lambda self: 'hi from ' + type(self).__name__
    return cls
@add_greeting
class Person:
    pass
print(Person().greet())
