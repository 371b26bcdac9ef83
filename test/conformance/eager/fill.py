# tf.fill: shapes and the dtype taken from the fill value.
import tensorflow as tf

print(tf.fill([2, 3], 7))
print(tf.fill([3], 0.5))
print(tf.fill([2, 2], True))
print(tf.fill([], 9))
print(tf.fill([1, 2], "ab"))
print(tf.fill([2], tf.constant(3, dtype=tf.int64)))
print(tf.fill(tf.constant([2, 1]), -1.25))
