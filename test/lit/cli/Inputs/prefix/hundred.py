import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def f(x):
    return x * 100.0
