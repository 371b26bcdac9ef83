import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.float32)])
def add(a, b):
    return a + b

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def reshape(x):
    return tf.reshape(x, [2, 2])


@tf.function(input_signature=[tf.TensorSpec([None, None])])
def ensure(x):
    return tf.ensure_shape(x, [None, 3]) * 2.0


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def broadcast(x):
    return tf.broadcast_to(x, [2, 3])
