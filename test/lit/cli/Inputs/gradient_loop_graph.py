import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([], tf.float32),
                              tf.TensorSpec([], tf.int32)])
def f(x, n):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x
        for i in tf.range(n):
            y = y * x
    return t.gradient(y, x)


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def g(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.cond(x > 0, lambda: tf.sin(x), lambda: x)
    return t.gradient(y, x)
