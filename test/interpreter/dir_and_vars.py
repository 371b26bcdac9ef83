# dir() lists a value's attribute names sorted: a class's own and its
# bases' over object's, an instance's attributes besides; vars() is the
# instance's __dict__.


class Base:
    kind = "base"

    def describe(self):
        return self.kind


class Point(Base):
    def __init__(self, x, y):
        self.x = x
        self.y = y


class Slotted:
    __slots__ = ("a",)


class HalfSlotted(Base):
    __slots__ = ()


class Problem(ValueError):
    code = 3


p = Point(1, 2)
print(dir(p))
print([n for n in dir(Point) if not n.startswith("__")])
print(vars(p))
vars(p)["z"] = 3
print(p.z)
print("__dict__" in dir(Slotted), "__dict__" in dir(HalfSlotted))
print([n for n in dir(Problem()) if not n.startswith("__")])
print(dir([]) == sorted(dir([])), "append" in dir([]), "keys" in dir({}))
print([n for n in dir("") if n.startswith("is")])
print(dir(None)[:3])
print([n for n in dir()])

def helper():
    pass

helper.tag = 1
print([n for n in dir(helper) if not n.startswith("__")])
try:
    vars(1)
except TypeError as e:
    print("TypeError:", e)
try:
    dir(1, 2)
except TypeError as e:
    print("TypeError:", e)
