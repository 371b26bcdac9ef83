# print(t) of rank-0 tensors of every dtype.
import tensorflow as tf

print(tf.constant(1.5, dtype=tf.float16))
print(tf.constant(1.5, dtype=tf.bfloat16))
print(tf.constant(1.5))
print(tf.constant(1.5, dtype=tf.float64))
print(tf.constant(-3, dtype=tf.int8))
print(tf.constant(-3, dtype=tf.int16))
print(tf.constant(-3))
print(tf.constant(-3, dtype=tf.int64))
print(tf.constant(3, dtype=tf.uint8))
print(tf.constant(False))
print(tf.constant("rank zero"))
print(tf.constant(4.0))
print(tf.constant(-0.0))
