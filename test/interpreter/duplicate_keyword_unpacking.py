# A keyword given both by name and through ** is a TypeError naming the
# callee as CPython does.
def f(a=0, **k):
    return a, k
for thunk in [lambda: dict(**{"a": 1}, a=3), lambda: f(**{"b": 1}, b=2), lambda: f(**{"a": 1}, a=2), lambda: f(1, **{"a": 2}), lambda: f(**{"a": 1}, **{"a": 2})]:
    try:
        print(thunk())
    except TypeError as e:
        print("TypeError:", e)
class A:
    def __init__(self, **k):
        pass
    def m(self, **k):
        pass
for thunk in [lambda: A(**{"x": 1}, x=2), lambda: A().m(**{"a": 1}, a=2), lambda: print(**{"sep": 1}, sep=2), lambda: (lambda **k: 0)(**{"a": 1}, a=2)]:
    try:
        print(thunk())
    except TypeError as e:
        print("TypeError:", e)
