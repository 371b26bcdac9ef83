# An instance's __dict__ is its attribute storage, in the order the
# attributes were first set: writes through it are attributes, and
# attributes set later show in it.


class Config:
    def __init__(self, **kw):
        self.__dict__.update(kw)
        self.extra = True


c = Config(lr=0.1, steps=3)
print(c.lr, c.steps, c.extra)
print(c.__dict__)
c.__dict__["z"] = 5
print(c.z, hasattr(c, "z"))
del c.steps
print(c.__dict__, hasattr(c, "steps"))
d = c.__dict__
c.lr = 0.2
print(d["lr"], d is c.__dict__)


class Point:
    def __init__(self):
        self.x = 1
        self.y = 2


class Point3(Point):
    def __init__(self):
        self.z = 0
        super().__init__()


print(Point().__dict__, Point3().__dict__)
print(sorted(vars_ for vars_ in Point3().__dict__))


class Fallback:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __getattr__(self, name):
        return "default"


f = Fallback(a=1)
print(f.a, f.b)
for k, v in f.__dict__.items():
    print(k, v)
