import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def aé(x):
    return x * 2.0

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def aè(x):
    return x * 3.0

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def a__(x):
    return x * 4.0
