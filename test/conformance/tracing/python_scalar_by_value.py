# Python scalars are part of the trace key by value: a new value means a new trace.
import tensorflow as tf


@tf.function
def scale(x, factor):
    print("tracing scale, factor =", factor)
    return x * factor


x = tf.constant([1.0, 2.0])
print(scale(x, 2))
print(scale(x, 2))
print(scale(x, 3))
print(scale(x, 2))
print(scale(x, 3))
print(scale(x, 0.5))
print("traces:", scale.experimental_get_tracing_count())
