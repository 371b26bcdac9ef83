# A staged while condition combining two tensor comparisons with and.
import tensorflow as tf


@tf.function
def accumulate_until(n, cap):
    i = tf.constant(0)
    s = tf.constant(0)
    while i < n and s < cap:
        i += 1
        s += i
    return i, s


print(accumulate_until(tf.constant(10), tf.constant(12)))
print(accumulate_until(tf.constant(3), tf.constant(100)))
print("traces:", accumulate_until.experimental_get_tracing_count())
