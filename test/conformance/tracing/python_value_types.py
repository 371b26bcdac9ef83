# Trace keys of Python literals: ints, floats, bools and None with equal-looking values.
import tensorflow as tf


@tf.function
def show(v):
    print("tracing show with", repr(v))
    return tf.constant(0)


show(1)
show(1)
show(1.0)
show(True)
print("traces after 1, 1, 1.0, True:", show.experimental_get_tracing_count())


@tf.function
def maybe(v):
    print("tracing maybe with", repr(v))
    return tf.constant(1)


maybe(None)
maybe(None)
maybe(0)
maybe(False)
print("traces after None, None, 0, False:", maybe.experimental_get_tracing_count())
