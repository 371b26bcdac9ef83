import tensorflow as tf

v = tf.Variable([1.0, 2.0, 3.0])


@tf.function(input_signature=[tf.TensorSpec([3], tf.float32)])
def step(x):
    v.assign_add(x)
    return v * 2.0
