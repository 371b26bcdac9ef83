# tf.constant with uint8: values 0..255 and printing.
import tensorflow as tf

a = tf.constant([0, 1, 128, 255], dtype=tf.uint8)
print(a)
print(a.dtype)
b = tf.constant([[10, 20], [30, 40]], dtype=tf.uint8)
print(b)
print(tf.constant(200, dtype=tf.uint8))
print(a.numpy())
