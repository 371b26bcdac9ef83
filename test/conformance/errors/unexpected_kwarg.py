# Calling a Function with a keyword argument it does not have.
import tensorflow as tf


@tf.function
def pair(a, b=1):
    return a + b


print(pair(tf.constant(1)))
print(pair(tf.constant(1), c=tf.constant(2)))
print("not reached")
