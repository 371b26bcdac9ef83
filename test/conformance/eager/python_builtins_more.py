# Python builtins and methods: reversed(dict), zip(strict=True),
# iter(callable, sentinel), float.as_integer_ratio, int.to_bytes and
# from_bytes, bit_count, str.format_map, __index__ in str indexing and
# repetition, property.deleter.
import tensorflow as tf

d = dict.fromkeys(["a", "b"], 0)
print(d, dict.fromkeys("xy"))
print(list(reversed({"a": 1, "b": 2})), list(reversed({"a": 1}.keys())))
print(list(zip([1, 2], [3, 4], strict=True)))
try:
  list(zip([1, 2], [3], strict=True))
except ValueError as e:
  print("ValueError", e)
print((0.75).as_integer_ratio(), (1.5).is_integer(), (10).to_bytes(2, "big"), int.from_bytes(b"\x01\x00", "little"))
print("{a}-{b}".format_map({"a": 1, "b": 2}))
it = iter([1, 2, 3, 0, 5])
print(list(iter(lambda: next(it), 0)))
class Idx:
  def __index__(self):
    return 2
print("abcd"[Idx()], "ab" * Idx(), [1, 2, 3][Idx()], bin(Idx()))
class P:
  def __init__(self):
    self._x = 1
  @property
  def x(self):
    return self._x
  @x.deleter
  def x(self):
    print("deleting")
    del self._x
p = P()
del p.x
print(hasattr(p, "_x"))
print((255).bit_length(), (7).bit_count(), divmod(-7, 2), pow(3, 4, 5), round(2.675, 2), (-7) // 2)
print(list(zip(tf.constant([1, 2]).numpy().tolist(), "ab", strict=True)))
try:
  list(zip([1], [2, 3], [4, 5], strict=True))
except ValueError as e:
  print("ValueError", e)
print((-0.0).as_integer_ratio(), (1e-3).as_integer_ratio(), (-1).to_bytes(2, "little", signed=True), int.from_bytes(b"\xff\xfe", "big", signed=True))
