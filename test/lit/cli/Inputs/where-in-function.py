import tensorflow as tf


@tf.function
def nonzero(c):
    return tf.where(c)


print(nonzero(tf.constant([True, False])))
