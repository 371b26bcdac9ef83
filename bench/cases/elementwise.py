# A chain of elementwise ops on a million floats (fused into one loop by
# kiln): tanh, multiply-add, exp, a comparison and a select.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([1000, 1000], tf.float32)])
def f(x):
    y = tf.tanh(x) * 0.5 + 0.25
    return tf.where(y > 0.3, tf.exp(-y), y * y)
