# tf.range with start/limit/delta, negative steps, float ranges and dtype.
import tensorflow as tf

print(tf.range(5))
print(tf.range(2, 7))
print(tf.range(0, 10, 3))
print(tf.range(5, 0, -1))
print(tf.range(0.0, 2.0, 0.5))
print(tf.range(3, dtype=tf.float32))
print(tf.range(4, dtype=tf.int64))
print(tf.range(0))
print(tf.range(1, 2.5, 0.5))
print(tf.range(tf.constant(4)))
print(tf.range(10, 1, -4))
