# tf.constant with bfloat16: construction, rounding and printing.
import tensorflow as tf

a = tf.constant(1.5, dtype=tf.bfloat16)
print(a)
b = tf.constant([0.5, 2.0, -8.0, 256.0], dtype=tf.bfloat16)
print(b)
print(b.dtype)
c = tf.constant([[1.0, 3.0], [-0.25, 4096.0]], dtype=tf.bfloat16)
print(c)
print(tf.constant(3, dtype=tf.bfloat16))
