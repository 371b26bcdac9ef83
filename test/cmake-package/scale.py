import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def scale(x):
    return x * 3.0


@tf.function
def double(x):
    return x + x
