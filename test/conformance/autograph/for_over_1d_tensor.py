# for x in a 1-D tensor of unknown length is staged and visits each element once, in order.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def alternating_sum(v):
    total = tf.constant(0)
    sign = tf.constant(1)
    for x in v:
        total += sign * x
        sign = -sign
    return total


print(alternating_sum(tf.constant([10, 3, 4, 1])))
print(alternating_sum(tf.constant([5, 6, 7, 8, 9])))
print(alternating_sum(tf.constant([], dtype=tf.int32)))
print("traces:", alternating_sum.experimental_get_tracing_count())
