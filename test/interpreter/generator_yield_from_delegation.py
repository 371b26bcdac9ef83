# yield from hands send(), throw() and close() to the generator it delegates
# to (PEP 380), and a chain of delegating generators nests as deep as the
# recursion limit.

def inner():
    x = yield 1
    print("inner got", x)
    try:
        y = yield 2
        print("inner got", y)
    except KeyError as e:
        print("inner caught", repr(e))
        yield "recovered"
    finally:
        print("inner finally")
    return "inner-result"

def outer():
    r = yield from inner()
    print("outer got", r)
    yield "after"

g = outer()
print(next(g))
print(g.send("hello"))
print(g.throw(KeyError("k")))
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)

g = outer()
next(g); next(g)
g.close()
print("closed")

def deep(n):
    if n == 0:
        yield "leaf"
        return n
    r = yield from deep(n - 1)
    return r + 1
def top():
    r = yield from deep(300)
    print("depth", r)
print(list(top()))

def bad():
    yield 1
    raise ValueError("boom")
def wrap():
    try:
        yield from bad()
    except ValueError as e:
        print("wrap caught", e)
        yield 99
print(list(wrap()))

def stop_inner():
    yield 1
    raise StopIteration("x")
def wrap2():
    yield from stop_inner()
try:
    print(list(wrap2()))
except RuntimeError as e:
    print("RuntimeError", e, repr(e.__cause__))

def selfref():
    yield from g2
g2 = selfref()
try:
    next(g2)
except ValueError as e:
    print("ValueError", e)

def gen_list():
    r = yield from [1, 2, 3]
    print("list r", r)
print(list(gen_list()))

def ignore():
    try:
        yield 1
    except GeneratorExit:
        yield 2
def wrap3():
    yield from ignore()
w = wrap3()
next(w)
try:
    w.close()
except RuntimeError as e:
    print("RuntimeError", e)

def exhausted():
    return 5
    yield
e = exhausted()
list(e)
def wrap4():
    r = yield from e
    print("r", r)
    yield 0
print(list(wrap4()))

def h(n):
    yield n
    yield from h(n + 1)
try:
    for x in h(0):
        pass
except RecursionError as e:
    print("RecursionError", e)
print(x)

# The delegate runs inside the except block of the `yield from`: its
# exceptions' __context__ is the one being handled there.
def failing():
    yield 1
    raise ValueError("inner failed")

def handling():
    try:
        raise KeyError("k")
    except KeyError:
        yield from failing()

g = handling()
next(g)
try:
    next(g)
except ValueError as e:
    print(repr(e), repr(e.__context__))
