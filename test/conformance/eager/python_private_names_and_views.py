# Python semantics kiln's interpreter follows: private names in class bodies
# are mangled (_Class__x), NotImplemented hands an operator to the other
# operand, and a dict's keys and items views are set-like.
import tensorflow as tf

class Base:
  def __init__(self):
    self.__x = "base"
  def base_x(self):
    return self.__x

class Sub(Base):
  def __init__(self):
    super().__init__()
    self.__x = "sub"
  def sub_x(self):
    return self.__x
  def __helper(self):
    return "helped"
  def call(self):
    return self.__helper()

s = Sub()
print(s.base_x(), s.sub_x(), s._Base__x, s._Sub__x, s.call())
print(sorted(k for k in s.__dict__))
try:
  s.__x
except AttributeError as e:
  print("AttributeError", e)

class _Acct:
  __secret = 42
  def peek(self):
    return _Acct.__secret, self.__secret
print(_Acct().peek(), _Acct._Acct__secret)

class V:
  def __init__(self, v):
    self.v = v
  def __eq__(self, other):
    if not isinstance(other, V):
      return NotImplemented
    return self.v == other.v
  def __add__(self, other):
    if isinstance(other, int):
      return V(self.v + other)
    return NotImplemented
  def __radd__(self, other):
    return self.__add__(other)
print(V(1) == V(1), V(1) == 1, V(1) != 2, (V(1) + 2).v, (3 + V(1)).v, NotImplemented)
try:
  V(1) + "a"
except TypeError as e:
  print("TypeError", e)

d = {"a": 1, "b": 2}
print(d.keys() == {"a", "b"}, d.keys() == d.keys(), d.items() == {("a", 1), ("b", 2)}, {"a", "b"} == d.keys())
print(d.values() == d.values(), d.keys() == ["a", "b"])
print(sorted(d.keys() & {"a", "z"}), sorted(d.keys() | {"c"}), sorted(d.keys() - {"a"}), sorted(d.keys() ^ {"a", "q"}))
print(sorted(d.items() & {("a", 1)}), sorted({"b", "x"} & d.keys()), sorted(["a", "y"] | d.keys()))
print(d.keys() <= {"a", "b", "c"}, d.keys() < {"a", "b"}, {"a"} < d.keys())
