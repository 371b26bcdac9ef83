# Row-wise log-sum-exp of a [1024, 1024] matrix: two reductions and
# elementwise ops between them.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([1024, 1024], tf.float32)])
def f(x):
    m = tf.reduce_max(x, axis=1, keepdims=True)
    return tf.squeeze(m, 1) + tf.math.log(tf.reduce_sum(tf.exp(x - m), axis=1))
