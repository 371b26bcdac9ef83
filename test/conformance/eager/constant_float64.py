# tf.constant with float64: explicit dtype, printing of double precision values.
import tensorflow as tf

a = tf.constant(0.1, dtype=tf.float64)
print(a)
b = tf.constant([1.0, 2.5, -4.75], dtype=tf.float64)
print(b)
print(b.dtype)
c = tf.constant([[0.1, 0.2], [0.3, 1.0 / 3.0]], dtype=tf.float64)
print(c)
print(tf.constant(1e100, dtype=tf.float64))
print(tf.constant([1, 2], dtype=tf.float64))
print(c.numpy())
