# tf.constant with bool: scalars, vectors, matrices and their printing.
import tensorflow as tf

a = tf.constant(True)
print(a)
print(a.dtype)
b = tf.constant([True, False, True])
print(b)
c = tf.constant([[False, False], [True, False]])
print(c)
d = tf.constant([[[True, False]]])
print(d)
print(tf.constant(False).numpy())
print(b.numpy())
