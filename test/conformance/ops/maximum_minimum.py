# tf.maximum and tf.minimum with broadcasting, ints and floats, and Python scalars.
import tensorflow as tf


@tf.function
def clamp(x, lo, hi):
    return tf.minimum(tf.maximum(x, lo), hi)


print(clamp(tf.constant([-5.0, 0.5, 9.0]), tf.constant(0.0), tf.constant(1.0)))
print(clamp(tf.constant([[-1, 2], [3, 10]]), tf.constant([0, 3]), tf.constant(5)))
print(tf.maximum(tf.constant([1, 5, 3]), tf.constant([4, 2, 3])))
print(tf.minimum(tf.constant([1.5, -2.0]), 0.0))
print(tf.math.maximum(tf.constant([[1], [2]], dtype=tf.int64), tf.constant([0, 3], dtype=tf.int64)))
