# set_loop_options(maximum_iterations=...) caps the trip count of a staged for loop.
import tensorflow as tf


@tf.function
def capped_sum(n):
    s = tf.constant(0)
    for i in tf.range(n):
        tf.autograph.experimental.set_loop_options(maximum_iterations=3)
        s += i + 1
    return s


print(capped_sum(tf.constant(10)))
print(capped_sum(tf.constant(2)))
print("traces:", capped_sum.experimental_get_tracing_count())
