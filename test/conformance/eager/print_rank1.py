# print(t) of rank-1 tensors of every dtype, including empty and one-element ones.
import tensorflow as tf

print(tf.constant([1.5, -2.0], dtype=tf.float16))
print(tf.constant([1.5, -2.0], dtype=tf.bfloat16))
print(tf.constant([1.5, -2.0, 10.0]))
print(tf.constant([1.5, -2.0], dtype=tf.float64))
print(tf.constant([1, -2], dtype=tf.int8))
print(tf.constant([1, -2], dtype=tf.int16))
print(tf.constant([1, -22, 333]))
print(tf.constant([1, -2], dtype=tf.int64))
print(tf.constant([1, 2], dtype=tf.uint8))
print(tf.constant([True, False]))
print(tf.constant(["x", "yy"]))
print(tf.constant([7]))
print(tf.constant([], dtype=tf.float32))
print(tf.constant([], dtype=tf.string))
