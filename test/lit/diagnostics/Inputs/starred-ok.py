def f(*x):
    return *x, 3


a, *b = [1, 2]
t = *b, 1
print(f(1, 2), [*f(1, 2)][:2], *[a], *b)
