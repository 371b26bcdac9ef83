# An input_signature with more specs than the function has parameters fails
# when the function is decorated.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([], tf.int32),
                              tf.TensorSpec([], tf.int32)])
def f(x):
    return x


print("defined")
