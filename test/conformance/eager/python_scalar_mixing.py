# Mixing tensors with Python numbers: the Python value takes the tensor's dtype.
import tensorflow as tf

i = tf.constant([1, 2, 3])
print(i + 1)
print(3 * i)
f = tf.constant([1.0, 2.0])
print(f + 1)
print(f * 2)
print(1 / f)
h = tf.constant([1.0, 2.0], dtype=tf.float16)
print(h + 0.5)
d = tf.constant([1.0, 2.0], dtype=tf.float64)
print(d * 0.25)
u = tf.constant([250], dtype=tf.uint8)
print(u + 5)
l = tf.constant([2**40], dtype=tf.int64)
print(l + 1)
print((i + 1).dtype, (f + 1).dtype, (h + 0.5).dtype)
