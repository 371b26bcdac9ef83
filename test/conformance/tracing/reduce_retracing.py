# reduce_retracing=True: after a second shape, the retrace generalizes to None dims.
import tensorflow as tf


@tf.function(reduce_retracing=True)
def norm1(v):
    print("tracing norm1 with", v)
    return tf.reduce_sum(tf.abs(v))


print(norm1(tf.constant([1, -2])))
print(norm1(tf.constant([1, -2, 3])))
print(norm1(tf.constant([1, -2, 3, -4])))
print(norm1(tf.constant([5])))
print("traces:", norm1.experimental_get_tracing_count())
print(norm1.pretty_printed_concrete_signatures())
