# Calling a ConcreteFunction with incompatible arguments raises; only one trace exists.
import tensorflow as tf


@tf.function
def twice(s):
    print("tracing twice with", s)
    return s + s


cf = twice.get_concrete_function(tf.constant("a"))
print(cf(tf.constant("b")))
try:
    cf(tf.constant(1))
except tf.errors.InvalidArgumentError as e:
    print("int tensor:", type(e).__name__)
try:
    cf(tf.constant(1.5), tf.constant("extra"))
except TypeError as e:
    print("two arguments:", type(e).__name__)
print(twice(tf.constant(["x", "y"])))
print("traces:", twice.experimental_get_tracing_count())
