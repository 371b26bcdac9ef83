import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def grad_of_square(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    return tape.gradient(y, x)
