# Adding an int32 tensor to a float32 tensor inside a Function fails while tracing.
import tensorflow as tf


@tf.function
def add(a, b):
    print("tracing add")
    return a + b


print(add(tf.constant(1), tf.constant(2)))
print(add(tf.constant(1), tf.constant(2.0)))
print("not reached")
