# tf.print of integer and bool tensors (stderr): bools print as 1/0 inside tensors.
import tensorflow as tf

tf.print(tf.constant(True), tf.constant([True, False]), tf.constant(-5, dtype=tf.int8), tf.constant([255], dtype=tf.uint8))
print("ints and bools printed by tf.print")
tf.print(tf.constant([1, -2, 3], dtype=tf.int64), tf.constant([[False], [True]]))
