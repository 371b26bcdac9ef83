# A function with an input_signature traces when its concrete signatures
# are listed, before any call; the call then reuses that trace.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def g(a):
    print("tracing g")
    return a * 2.0


print(g.experimental_get_tracing_count())
print(g.pretty_printed_concrete_signatures())
print(g.experimental_get_tracing_count())
print(g(tf.constant([1.0])))
print(g.experimental_get_tracing_count())


@tf.function
def h(a):
    return a + 1


print(repr(h.pretty_printed_concrete_signatures()))
