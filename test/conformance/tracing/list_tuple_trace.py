# Lists and tuples are keyed by their element types in order; tensor elements by dtype and shape.
import tensorflow as tf


@tf.function
def combine(seq):
    print("tracing combine with", len(seq), "elements")
    out = seq[0]
    for item in seq[1:]:
        out = out + item
    return out


print(combine([tf.constant(1), tf.constant(2)]))
print(combine([tf.constant(5), tf.constant(6)]))
print(combine((tf.constant(1), tf.constant(2))))
print(combine([tf.constant(1), tf.constant(2), tf.constant(3)]))
print("traces:", combine.experimental_get_tracing_count())


@tf.function
def first(pair):
    print("tracing first with", pair)
    return tf.constant(pair[0])


print(first([1, 2]))
print(first([2, 1]))
print(first([1, 2]))
print("traces:", first.experimental_get_tracing_count())
