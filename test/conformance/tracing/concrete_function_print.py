# get_concrete_function with tensors and printing a ConcreteFunction and all signatures.
import tensorflow as tf


@tf.function
def mix(a, b):
    return a * 2 + b


cf = mix.get_concrete_function(tf.constant(1), tf.constant(2))
print(cf)
print(cf(tf.constant(3), tf.constant(4)))
cf2 = mix.get_concrete_function(tf.constant([1.0, 2.0]), tf.constant(1.0))
print(cf2)
print(mix.pretty_printed_concrete_signatures())
print("traces:", mix.experimental_get_tracing_count())
