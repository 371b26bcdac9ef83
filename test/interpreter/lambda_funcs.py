# lambda: as values, with defaults, in sorted/map/filter, immediately invoked, returning lambdas.
square = lambda x: x * x
add = lambda a, b=10: a + b
print(square(7), add(1), add(1, 2), (lambda: 'called')())
print(list(map(lambda s: s.upper(), ['a', 'b'])), list(filter(lambda n: n > 2, [1, 2, 3, 4])))
ops = {'+': lambda a, b: a + b, '-': lambda a, b: a - b, '*': lambda a, b: a * b}
for sym in ops:
    print(6, sym, 3, '=', ops[sym](6, 3))
def make_multiplier(k):
    return lambda x: x * k
double = make_multiplier(2)
triple = make_multiplier(3)
print(double(5), triple(5), make_multiplier('ab')(2))
compose = lambda f, g: lambda x: f(g(x))
inc_then_double = compose(double, lambda x: x + 1)
print(inc_then_double(4))
print(sorted(['bbb', 'a', 'cc'], key=lambda s: len(s)))
print((lambda *args: sum(args))(1, 2, 3), (lambda **kw: sorted(kw))(b=1, a=2))
print(square.__name__)
fns = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in fns])
