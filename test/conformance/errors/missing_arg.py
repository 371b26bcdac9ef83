# Calling a Function without a required argument.
import tensorflow as tf


@tf.function
def pair(a, b):
    return a + b


print(pair(tf.constant(1), b=tf.constant(2)))
print(pair(tf.constant(1)))
print("not reached")
