# tf.constant with int8 and int16: ranges and printing.
import tensorflow as tf

a = tf.constant([1, -2, 127, -128], dtype=tf.int8)
print(a)
print(a.dtype)
b = tf.constant([[300, -300], [32767, -32768]], dtype=tf.int16)
print(b)
print(b.dtype)
print(tf.constant(5, dtype=tf.int8))
print(tf.constant(-7, dtype=tf.int16))
print(a.numpy(), b.numpy().tolist())
