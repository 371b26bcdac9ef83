# Python and NumPy values an op converts are named as TensorFlow's op
# conversion names them, so the constants the user makes after them keep
# TensorFlow's names (Const, Const_1): tf.cast of a Python number converts
# it in Cast's scope (Cast/x), tf.stack and tf.concat convert list items in
# theirs (stack/1, concat/values_0) and a list of numbers stacked along
# axis 0 is one constant, and a NumPy operand of a binary op is its y.
import numpy as np
import tensorflow as tf


@tf.function
def f(x):
  a = tf.cast(1, tf.float32)
  b = tf.cast(2.0, tf.float32)
  c = tf.cast(True, tf.int32, name="flag")
  d = tf.stack([x, 1.0, 2.0])
  e = tf.stack([1.0, x], axis=0)
  g = tf.stack([1, 2, 3])
  h = tf.stack([[1.0], [2.0]], axis=1)
  k = x * np.float32(3.0) + np.array([1.0, 2.0], np.float32)
  m = tf.concat([[1.0], [x], tf.reshape(x, [1])], 0)
  for t in [a, b, c, d, e, g, h, k, m]:
    print(t)
  print(tf.constant(5.0), tf.constant([1, 2]), tf.stack([x, x]))
  return d, m


print(f(tf.constant(1.5)))
print(tf.cast(1, tf.float32), tf.stack([1, 2.5]), tf.concat([[1], [2, 3]], 0))
