import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.float32)])
def checked(a, b):
    tf.debugging.assert_less(a, b, message="a<b")
    return tf.debugging.check_numerics(a / b, "ratio")
