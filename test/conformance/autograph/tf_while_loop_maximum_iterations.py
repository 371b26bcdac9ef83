# tf.while_loop with maximum_iterations stops early even if the condition stays true.
import tensorflow as tf


@tf.function
def doublings(x, limit):
    i0 = tf.constant(0)
    i, x = tf.while_loop(lambda i, x: x < 1000, lambda i, x: (i + 1, x * 2), (i0, x),
                         maximum_iterations=limit)
    return i, x


print(doublings(tf.constant(1), tf.constant(100)))
print(doublings(tf.constant(1), tf.constant(4)))
print(doublings(tf.constant(5000), tf.constant(4)))
print("traces:", doublings.experimental_get_tracing_count())
