# A ConcreteFunction traced with a Python value keeps it fixed in its signature.
import tensorflow as tf


@tf.function
def power(base, exponent):
    return base ** exponent


cube = power.get_concrete_function(tf.TensorSpec(None, tf.float32), 3)
print(cube)
print(cube(tf.constant(2.0)))
print(cube(tf.constant([1.0, 3.0])))
sq = power.get_concrete_function(base=tf.TensorSpec([2], tf.int32), exponent=2)
print(sq)
print(sq(tf.constant([5, 6])))
print(power.pretty_printed_concrete_signatures())
