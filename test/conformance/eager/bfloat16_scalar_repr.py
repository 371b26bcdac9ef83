# The repr of a bfloat16 scalar shows the Python float it converts to.
import tensorflow as tf
x = tf.constant(1/3, tf.bfloat16)
print(repr(x)); print(x); print(repr(tf.constant(-0.1, tf.bfloat16)))
print(repr(tf.constant([1/3, 0.1], tf.bfloat16)))
