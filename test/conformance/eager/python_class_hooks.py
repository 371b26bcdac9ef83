# Python's class hooks: __setattr__ (with object.__setattr__ and
# super().__setattr__), __slots__, __init_subclass__ with class keywords,
# __new__ (with super().__new__), and __bases__ / __mro__.
import tensorflow as tf


class Logged:
  def __init__(self):
    self.log = []
    self.x = 1

  def __setattr__(self, name, value):
    if name != "log":
      self.log.append(name)
    object.__setattr__(self, name, value)


class Checked(Logged):
  def __setattr__(self, name, value):
    if name == "x" and value < 0:
      raise ValueError("x must be >= 0")
    super().__setattr__(name, value)


a = Checked()
a.y = tf.constant(2)
print(a.log, a.x, a.y)
try:
  a.x = -1
except ValueError as e:
  print("ValueError", e)


class Point:
  __slots__ = ("x", "y")

  def __init__(self, x, y):
    self.x, self.y = x, y


p = Point(1, 2)
p.x = 3
try:
  p.z = 4
except AttributeError as e:
  print("AttributeError", e)
print(p.x, p.y)


class Registry:
  members = []

  def __init_subclass__(cls, tag="none", **kwargs):
    super().__init_subclass__(**kwargs)
    Registry.members.append((cls.__name__, tag))


class Dense(Registry, tag="layer"):
  pass


class Conv(Dense):
  pass


print(Registry.members)
try:
  class Bad(Point, tag="x"):
    pass
except TypeError as e:
  print("TypeError", e)


class Singleton:
  _instance = None

  def __new__(cls, *args):
    if cls._instance is None:
      cls._instance = super().__new__(cls)
      cls._instance.created = len(args)
    return cls._instance

  def __init__(self, *args):
    self.args = args


s1, s2 = Singleton(1), Singleton(2, 3)
print(s1 is s2, s1.created, s2.args)
print(Conv.__bases__[0].__name__, [c.__name__ for c in Conv.__mro__])
print(object.__bases__, Point.__base__.__name__)
