# Functions: default arguments, keyword arguments, mutable default pitfall, return values.
def greet(name, greeting='Hello', punct='!'):
    return greeting + ', ' + name + punct
print(greet('Ann'))
print(greet('Bob', 'Hi'))
print(greet('Cy', punct='?'))
print(greet(punct='.', name='Dee', greeting='Yo'))
def power(base, exp=2):
    return base ** exp
print(power(3), power(3, 3), power(exp=0, base=9))
def append_to(item, target=[]):
    target.append(item)
    return target
print(append_to(1), append_to(2), append_to(3, []))
def append_safe(item, target=None):
    if target is None:
        target = []
    target.append(item)
    return target
print(append_safe(1), append_safe(2))
counter = 10
def uses_default(x=counter):
    return x
counter = 20
print(uses_default())
def no_return():
    x = 1
print(no_return())
def early(n):
    if n < 0:
        return 'negative'
    if n == 0:
        return
    return 'positive'
print(early(-1), early(0), early(1))
def multi():
    return 1, 'two', [3]
print(multi())
def describe(a, b=2, *, c=3):
    return (a, b, c)
print(describe(1), describe(1, c=30), describe(1, 20, c=300))
print(greet.__name__)
