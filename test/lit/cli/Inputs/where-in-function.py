import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(None, tf.bool)])
def nonzero(c):
    return tf.where(c)


print(nonzero(tf.constant([True, False])))
