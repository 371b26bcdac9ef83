# A name given twice is numbered, and the numbered name must itself be free:
# name="op_1" after an automatic op_1 becomes op_1_1, as TensorFlow's
# unique_name makes it. check_numerics is one node named CheckNumerics,
# whose output is the checked tensor.
import tensorflow as tf


@tf.function
def f(x):
  a = tf.add(x, 1.0, name="op")
  b = tf.add(a, 1.0, name="op")
  c = tf.add(b, 1.0, name="op_1")
  d = tf.add(c, 1.0, name="op")
  y = tf.debugging.check_numerics(d, "bad")
  z = tf.abs(y)
  print(a.name, b.name, c.name, d.name, y.name, z.name)
  return z


print(f(tf.ones([3])))
