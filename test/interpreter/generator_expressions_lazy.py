# Generator expressions are lazy: their first iterable is evaluated where
# they are written, each item only when it is asked for.
def check(x):
    print("check", x)
    return x > 1
print(any(check(x) for x in range(4)))
print(next(10 / x for x in [5, 0]))
g = (i * i for i in range(10 ** 12))
print(next(g), next(g))
print(type((x for x in range(3))).__name__)
print(sum(x * y for x in range(4) if x % 2 for y in range(x)))
print(list((a, b) for a in "ab" for b in (1, 2)))
print(dict((k, v) for k, v in [("a", 1)]))
h = (1 / x for x in [1, 0, 2])
print(next(h))
try:
    next(h)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
print(list(h))
def make(n):
    return (i + n for i in range(3))
print(list(make(10)))
print(max(len(w) for w in ["ab", "abc"]), sorted(c for c in "cba"), "-".join(s for s in "xyz"))
