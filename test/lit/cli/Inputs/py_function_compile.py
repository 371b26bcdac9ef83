import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([3], tf.float32)])
def f(x):
    return tf.py_function(lambda a: a * 2, [x], tf.float32)
