# Calling a ConcreteFunction with a different value for a Python argument fixed at trace time.
import tensorflow as tf


@tf.function
def power(base, exponent):
    return base ** exponent


cube = power.get_concrete_function(tf.TensorSpec(None, tf.float32), 3)
print(cube(tf.constant(2.0)))
print(cube(tf.constant(2.0), 4))
print("not reached")
