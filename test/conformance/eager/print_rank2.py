# print(t) of rank-2 tensors of every dtype: row layout and column alignment.
import tensorflow as tf

print(tf.constant([[1.5, -2.0], [3.0, 4.25]], dtype=tf.float16))
print(tf.constant([[1.5, -2.0], [3.0, 4.0]], dtype=tf.bfloat16))
print(tf.constant([[1.5, -2.0, 100.0], [3.0, 4.25, 0.0]]))
print(tf.constant([[1.5], [-2.0]], dtype=tf.float64))
print(tf.constant([[1, -2], [3, 4]], dtype=tf.int8))
print(tf.constant([[1, -200], [3, 4]], dtype=tf.int16))
print(tf.constant([[1, 22, 333], [4444, 5, 66]]))
print(tf.constant([[1, -2]], dtype=tf.int64))
print(tf.constant([[1, 2], [3, 255]], dtype=tf.uint8))
print(tf.constant([[True, False], [False, True]]))
print(tf.constant([["a", "bb"], ["ccc", "d"]]))
print(tf.zeros([0, 3]))
print(tf.zeros([2, 0], dtype=tf.int32))
