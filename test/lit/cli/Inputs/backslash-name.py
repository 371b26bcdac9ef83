import tensorflow as tf


@tf.function
def f(x):
    return tf.identity(x, name="a\\b")


f(tf.constant(1))
