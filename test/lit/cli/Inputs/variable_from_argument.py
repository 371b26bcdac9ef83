import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def make(x):
    return tf.Variable(x)
