# tf.constant with float32 (the default float dtype): scalars, vectors, matrices, printing.
import tensorflow as tf

a = tf.constant(2.5)
print(a)
print(a.dtype, a.shape)
b = tf.constant([1.0, -0.5, 3.25, 100.0])
print(b)
c = tf.constant([[1.5, 2.0], [-3.0, 0.125]])
print(c)
d = tf.constant([1, 2, 3], dtype=tf.float32)
print(d)
e = tf.constant(7, dtype=tf.float32)
print(e)
print(tf.constant([0.0, -0.0, 1e-3]))
print(tf.constant(0.1))
print(tf.constant([0.1, 0.2, 0.3]))
