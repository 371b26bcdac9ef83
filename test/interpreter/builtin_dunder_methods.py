# The special methods of the builtin types, called by name, do what their
# operators and builtins do.
xs = [1, 2, 3]
print(xs.__len__(), xs.__getitem__(1), xs.__contains__(2), xs.__add__([4]))
print((3).__add__(4), (3).__radd__(4), (7).__rsub__(10), (2.5).__mul__(2))
print("ab".__len__(), "ab".__add__("c"), "%d!".__mod__(5), "ab".__mul__(2))
print({1: "a"}.__getitem__(1), {1: "a"}.__contains__(2), {1, 2}.__or__({3}))
print((1, 2).__eq__((1, 2)), (1).__lt__(2), (5).__neg__(), (-5).__abs__())
print(True.__and__(False), (2).__pow__(10), (7).__floordiv__(2))
print([3].__repr__(), "x".__str__(), (1.5).__int__())
print(hasattr([], "__len__"), hasattr(1, "__len__"), hasattr(1.0, "__invert__"))
try:
    xs.__len__(1)
except TypeError as e:
    print(e)
print((1).__add__(1.5), (1).__eq__(1.0), (1.5).__add__(1), (1).__lt__("a"))
print("a".__eq__(1), "%s".__mod__([1]), (3).__rsub__(True), [1].__ne__([2]))
for bad in (lambda: [1].__add__((2,)),):
    try:
        bad()
    except TypeError as e:
        print(e)
print(hasattr(1.5, "__and__"), hasattr(1, "__and__"), hasattr("", "__neg__"))
