# tf.rank, tf.shape and tf.size of a TensorSpec of unknown rank are known
# once a call's shapes are (the concrete function is compiled per call
# shape), and so are ops on them; ones_like and where take the argument's
# shape.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def describe(x):
    return tf.rank(x), tf.shape(x), tf.size(x), tf.shape(x)[0], tf.shape(x) * 2


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def shaped(x):
    mean = tf.reduce_sum(x) / tf.cast(tf.size(x), tf.float32)
    return tf.where(x > mean, x, 0.0), tf.ones_like(x), x + tf.cast(tf.rank(x), tf.float32)


for value in ([[1.0, 2.0], [3.0, 4.0]], [1.0, 2.0, 5.0]):
    print(describe(tf.constant(value)))
for value in ([[1.0, 2.0], [3.0, 4.0]], [1.0, 2.0, 5.0], 7.0):
    print(shaped(tf.constant(value)))
