# repr() of a plain object() has no module; of a class defined here, __main__.
class A:
    pass
print(repr(object())[:16], repr(A())[:18])


# A __repr__ written in Python that reprs its own object recurses until
# RecursionError (only generated ones, a dataclass's, show "...").
class SelfRepr:
    def __repr__(self):
        return repr(self)


try:
    repr(SelfRepr())
except RecursionError:
    print("RecursionError")
