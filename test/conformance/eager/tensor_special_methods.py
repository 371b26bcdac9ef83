# A tensor's operator methods called by name, as code ported from NumPy or
# written against the Python data model does: each is the operator itself.
import tensorflow as tf

a = tf.constant([1.0, 2.0])
m = tf.ones([2, 2])
print(a.__add__(a), a.__radd__(1.0), a.__rsub__(1.0))
print(a.__mul__(2.0), a.__pow__(2.0), a.__rpow__(2.0))
print(a.__truediv__(2.0), a.__rtruediv__(2.0))
print(a.__floordiv__(2.0), a.__mod__(2.0))
print(m.__matmul__(m), m.__rmatmul__(2.0 * m))
print(a.__getitem__(0), a.__getitem__(slice(1, None)))
print(a.__len__(), [t.numpy() for t in a.__iter__()])
print(a.__eq__(a), a.__ne__([1.0, 3.0]), a.__lt__(2.0), a.__ge__(2.0))
print(a.__neg__(), a.__abs__())
print(tf.constant(True).__invert__(), tf.constant(6).__and__(3))
print(tf.constant(6).__or__(3), tf.constant(6).__xor__(3))
print(tf.constant(3.5).__float__(), tf.constant(3).__int__())
print(tf.constant(3).__index__(), tf.constant(3.5).__bool__())
print(a.__array__())
print(hasattr(a, "__pos__"), hasattr(a, "__lshift__"))
try:
  a.__bool__()
except ValueError as e:
  print("ValueError:", e)
try:
  a.__add__("x")
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError:", str(e).split(" [")[0])


@tf.function
def f(x):
  try:
    x.__len__()
  except TypeError as e:
    print("TypeError:", e)
  return x.__add__(1.0), x.__getitem__(1), x.__rmul__(x), len(x)


print(f(a))
# An integer scalar tensor indexes and slices strings, tuples and ranges by
# its __index__; a graph tensor has none.
i = tf.constant(1)
print("abc"[i], "abc"[tf.constant(-1)], "héllo"[i], (4, 5, 6)[i], range(9)[i])
print("abcdef"[i:tf.constant(4)], b"xyz"[i])


@tf.function
def index_str(x):
  try:
    return "abc"[x]
  except TypeError as e:
    print("TypeError:", e)
  return "none"


print(index_str(i))
