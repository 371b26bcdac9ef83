# A Function retraces for a tensor of a new dtype and reuses the trace for a known one.
import tensorflow as tf


@tf.function
def twice(v):
    print("tracing twice with", v)
    return v + v


print(twice(tf.constant(4)))
print(twice(tf.constant(1.25)))
print(twice(tf.constant("ab")))
print(twice(tf.constant(9)))
print(twice(tf.constant(0.5)))
print(twice(tf.constant("z")))
print("traces:", twice.experimental_get_tracing_count())
