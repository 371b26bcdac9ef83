# bfloat16 and float16 arithmetic rounds after each op; casts from float64 and ints go through float32, as Eigen's types do.
import tensorflow as tf
x = tf.constant([1.1, 2.5, -3.3, 1e30, 3.0e38], tf.float64)
b = tf.cast(x, tf.bfloat16)
h = tf.cast(x, tf.float16)
print(b, h)
print(b * b + b, h * h + h, tf.exp(b), tf.sqrt(h))
print(tf.cast(b, tf.float64), tf.cast(h, tf.int32), tf.cast(tf.constant([7, 100000]), tf.bfloat16))
print(b > 1.5, tf.reduce_sum(b), tf.reduce_max(h))
