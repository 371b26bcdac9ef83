import tensorflow as tf


@tf.function
def scaled(x, factor):
    return x * factor


for n in [2, 5]:
    scaled(tf.constant([1.0, 2.0]), n)


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def a(x):
    return x + 1.0


first = a


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def a(x):
    return x + 2.0


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def a_1(x):
    return x + 3.0


square = tf.function(lambda x: x * x, input_signature=[tf.TensorSpec([2])])
