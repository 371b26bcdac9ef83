# repr() of a plain object() has no module; of a class defined here, __main__.
class A:
    pass
print(repr(object())[:16], repr(A())[:18])
