# Generator functions: lazy bodies, send, return values through
# StopIteration and yield from, finally blocks when a loop breaks out,
# throw and close, generator lambdas, and the generators' reprs.
def countdown(n):
    print("start", n)
    while n > 0:
        yield n
        n -= 1
    print("end")


g = countdown(3)
print("made")
for v in g:
    print("got", v)
print(list(countdown(0)))


def accumulator():
    total = 0
    while True:
        got = yield total
        if got is None:
            return total
        total += got


acc = accumulator()
print(next(acc), acc.send(5), acc.send(7))
try:
    acc.send(None)
except StopIteration as e:
    print("returned", e.value, repr(e))
try:
    next(acc)
except StopIteration as e:
    print("again", e.value, repr(e))
try:
    accumulator().send(1)
except TypeError as e:
    print("TypeError:", e)


def guarded():
    try:
        yield 1
        yield 2
    finally:
        print("finally ran")


for v in guarded():
    print(v)
    break
print("after the loop")


def inner():
    yield "a"
    yield "b"
    return "inner's result"


def outer():
    result = yield from inner()
    print("yield from gave", result)
    yield from range(2)


print(list(outer()))


def catcher():
    while True:
        try:
            yield
        except ValueError as e:
            print("caught", e)


c = catcher()
next(c)
c.throw(ValueError("one"))
c.throw(ValueError)
c.close()
print("closed")
try:
    next(c)
except StopIteration:
    print("exhausted after close")


def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2


s = stubborn()
next(s)
try:
    s.close()
except RuntimeError as e:
    print("RuntimeError:", e)


def raises_stop():
    yield 1
    raise StopIteration("inside")


try:
    list(raises_stop())
except RuntimeError as e:
    print("RuntimeError:", e, "| cause:", repr(e.__cause__))


def failing():
    yield 1
    {}["missing"]


try:
    for v in failing():
        print("value", v)
except KeyError as e:
    print("KeyError", e)

lam = (lambda: (yield 5))()
print(next(lam), type(lam).__name__)
print(sum(x * x for x in range(4)), sorted(countdown(2)))
print(repr(countdown(1)).startswith("<generator object countdown at 0x"))
print(repr(x for x in []).startswith("<generator object <genexpr> at 0x"))


def nested():
    def gen():
        yield 1
    return gen()


print(repr(nested()).startswith("<generator object nested.<locals>.gen at"))


def handling():
    try:
        raise KeyError("k")
    except KeyError:
        yield "in handler"
        raise


h = handling()
print(next(h))
try:
    raise ValueError("caller's")
except ValueError:
    pass
try:
    next(h)
except KeyError as e:
    print("re-raised", repr(e))
print(dict(zip("ab", countdown(2))), "a" in (c for c in "abc"))
