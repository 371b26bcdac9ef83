import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def countdown(n):
    while n > 0:
        tf.print("tick", n)
        n -= 1
    return n
