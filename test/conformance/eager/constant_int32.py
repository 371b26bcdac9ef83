# tf.constant with int32 (the default integer dtype): scalars through rank 3.
import tensorflow as tf

a = tf.constant(42)
print(a)
print(a.dtype)
b = tf.constant([1, -2, 3])
print(b)
c = tf.constant([[1, 2, 3], [40, 50, 60]])
print(c)
d = tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
print(d)
print(tf.constant(2147483647))
print(tf.constant(-2147483648))
print(tf.constant([1000000, 7]))
