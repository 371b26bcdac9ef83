# tf.constant with float16: rounding on construction and printing.
import tensorflow as tf

a = tf.constant(1.5, dtype=tf.float16)
print(a)
b = tf.constant([0.5, 2.0, -8.25, 1024.0], dtype=tf.float16)
print(b)
print(b.dtype)
c = tf.constant([[0.1, 0.2], [0.3, 65504.0]], dtype=tf.float16)
print(c)
print(tf.constant(3, dtype=tf.float16))
print(a.numpy(), b.numpy())
