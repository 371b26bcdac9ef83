# Descriptors on user classes: __get__ through instances and the class,
# data descriptors (__set__, __delete__) before the instance's own
# attributes, non-data descriptors after them; __set_name__ at class creation.


class Typed:
    def __init__(self, kind):
        self.kind = kind

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return f"<Typed {self.name}: {self.kind.__name__}>"
        return obj.__dict__.get("_" + self.kind.__name__, self.kind())

    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError(f"expected {self.kind.__name__}, got {type(value).__name__}")
        print("set", value)
        obj.__dict__["_" + self.kind.__name__] = value

    def __delete__(self, obj):
        print("delete")
        obj.__dict__.pop("_" + self.kind.__name__, None)


class Lazy:
    """A non-data descriptor: the instance's own attribute shadows it."""

    def __init__(self, fn):
        self.fn = fn

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        value = self.fn(obj)
        obj.__dict__[self.fn.__name__] = value
        print("computed", value)
        return value


class Config:
    lr = Typed(float)
    steps = Typed(int)

    def __init__(self, lr, steps):
        self.lr = lr
        self.steps = steps

    @Lazy
    def schedule(self):
        return [self.lr / (k + 1) for k in range(self.steps)]


c = Config(0.5, 3)
print(c.lr, c.steps)
print(Config.lr)
print(c.schedule)
print(c.schedule)
try:
    c.steps = 2.5
except TypeError as e:
    print("TypeError:", e)
del c.lr
print(c.lr)
c.__dict__["steps"] = "shadow"
print(c.steps)


class WriteOnly:
    """__set__ without __get__: reads find the instance's own value."""

    def __set__(self, obj, value):
        obj.__dict__["w"] = value * 2


class Holder:
    w = WriteOnly()


h = Holder()
h.w = 4
print(h.w)
