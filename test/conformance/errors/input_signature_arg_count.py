# Passing more arguments than an input_signature declares is an uncaught error.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def square(x):
    return x * x


print(square(tf.constant(3.0)))
print(square(tf.constant(3.0), tf.constant(4.0)))
print("not reached")
