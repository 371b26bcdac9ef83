# Attribute lookup falls back to __getattr__ when a property's getter
# raises AttributeError; a class defining __eq__ without __hash__ has
# __hash__ None; a __hash__ of -1 hashes as -2; int() and round() take the
# float -2**63, which fits.


class P:
    @property
    def p(self):
        raise AttributeError("inner")

    @property
    def q(self):
        raise ValueError("not an attribute error")

    def __getattr__(self, name):
        return "fallback " + name


print(P().p)
try:
    P().q
except ValueError as e:
    print("ValueError", e)


class NoFallback:
    @property
    def p(self):
        raise AttributeError("inner")


try:
    NoFallback().p
except AttributeError as e:
    print("AttributeError", e)


class M1:
    def __hash__(self):
        return -1


print(hash(M1()))


class NoHash:
    def __eq__(self, other):
        return True


class Child(NoHash):
    pass


print(NoHash.__hash__ is None, Child.__hash__ is None)
try:
    {NoHash()}
except TypeError as e:
    print("TypeError", e)
x = -9223372036854775808.0
print(int(x), round(x))
