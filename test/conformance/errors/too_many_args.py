# Calling a Function with more positional arguments than its Python signature takes.
import tensorflow as tf


@tf.function
def pair(a, b):
    return a + b


print(pair(tf.constant(1), tf.constant(2)))
print(pair(tf.constant(1), tf.constant(2), tf.constant(3)))
print("not reached")
