# An instance whose classes all have __slots__ has no __dict__ (unless a
# slot is named __dict__).
class S:
    __slots__ = ("a",)
    def __init__(self):
        self.a = 1
class D:
    __slots__ = ("a", "__dict__")
class P:
    pass
print(hasattr(S(), "__dict__"), hasattr(D(), "__dict__"), hasattr(P(), "__dict__"))
try:
    S().__dict__
except AttributeError as e:
    print("AttributeError:", e)
