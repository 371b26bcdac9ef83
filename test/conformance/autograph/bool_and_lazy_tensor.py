# and with a tensor left operand: the right side is traced once but only runs when needed.
import tensorflow as tf


@tf.function
def in_bounds_and_positive(v, i):
    if i < tf.size(v) and v[i] > 0:
        return tf.constant(True)
    return tf.constant(False)


data = tf.constant([5, -1, 3])
print(in_bounds_and_positive(data, tf.constant(0)))
print(in_bounds_and_positive(data, tf.constant(1)))
print(in_bounds_and_positive(data, tf.constant(7)))
print("traces:", in_bounds_and_positive.experimental_get_tracing_count())
