# print(t) of rank-3 tensors: nested brackets and blank lines between blocks.
import tensorflow as tf

print(tf.reshape(tf.range(12), [2, 2, 3]))
print(tf.reshape(tf.range(8, dtype=tf.float32) / 2.0, [2, 2, 2]))
print(tf.constant([[[True]], [[False]]]))
print(tf.constant([[["p", "q"]], [["r", "s"]]]))
print(tf.ones([1, 1, 1], dtype=tf.float64))
print(tf.reshape(tf.cast(tf.range(6), tf.int8), [3, 1, 2]))
print(tf.reshape(tf.range(8, dtype=tf.int64), [2, 2, 2]) * -1)
print(tf.constant([[[1.5, 2.0]], [[0.25, -4.0]]], dtype=tf.float16))
print(tf.reshape(tf.cast(tf.range(4), tf.uint8), [1, 2, 2]))
