# tf.ones, tf.zeros, tf.ones_like, tf.zeros_like with shapes and dtypes.
import tensorflow as tf

print(tf.ones([3]))
print(tf.zeros([2, 3]))
print(tf.ones((2, 2), dtype=tf.int32))
print(tf.zeros([2], dtype=tf.bool))
print(tf.ones([], dtype=tf.int64))
print(tf.zeros([1, 2, 2], dtype=tf.float64))
print(tf.ones([0]))
x = tf.constant([[1, 2], [3, 4]])
print(tf.ones_like(x))
print(tf.zeros_like(x))
print(tf.zeros_like(tf.constant([1.5, 2.5])))
print(tf.ones_like(x, dtype=tf.float32))
print(tf.ones([2, 1], dtype=tf.uint8))
