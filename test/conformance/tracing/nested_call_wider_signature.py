# A tf.function calling one whose input_signature is wider than the
# caller's tensors: a [2] tensor passed where the callee takes [None].
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def scale(x):
    return x * 3.0


@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def shifted(x):
    return scale(x) + 1.0


print(shifted(tf.constant([1.0, 2.0])))


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def row_sums(m):
    return tf.reduce_sum(m, axis=1)


@tf.function
def sums_and_shape(m):
    r = row_sums(m)
    return r, tf.shape(r)


print(sums_and_shape(tf.ones([4, 2])))
