# rsqrt is 1 / sqrt, in eager code and in a tf.function.
import tensorflow as tf
@tf.function
def f(x):
    return tf.math.rsqrt(x)
print(f(tf.constant([4.0])))
print(tf.math.rsqrt(tf.constant([4.0, 16.0], tf.float64)))
