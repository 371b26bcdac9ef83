# An op error in a Function called by another Function: the traceback shows both user frames.
import tensorflow as tf


@tf.function
def inner(a, b):
    return a - b


@tf.function
def outer(a, b):
    print("tracing outer")
    return inner(a, b) * 2


print(outer(tf.constant([5, 6]), tf.constant([1, 1])))
print(outer(tf.constant([5, 6]), tf.constant([1.0, 1.0])))
print("not reached")
