# tf.constant with int64: explicit dtype and large Python ints inferred as int64.
import tensorflow as tf

a = tf.constant(5, dtype=tf.int64)
print(a)
print(a.dtype)
b = tf.constant(2**40)
print(b)
print(b.dtype)
c = tf.constant([1, 2**33, -3], dtype=tf.int64)
print(c)
print(tf.constant([[1, 2], [3, 4]], dtype=tf.int64))
print(tf.constant(9223372036854775807))
