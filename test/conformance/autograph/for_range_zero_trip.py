# A staged for loop that runs zero times leaves the loop variables at their initial values.
import tensorflow as tf


@tf.function
def product(start, limit):
    p = tf.constant(1)
    last = tf.constant(-1)
    for i in tf.range(start, limit):
        p *= i
        last = i
    return p, last


print(product(tf.constant(1), tf.constant(6)))
print(product(tf.constant(5), tf.constant(5)))
print(product(tf.constant(7), tf.constant(2)))
print("traces:", product.experimental_get_tracing_count())
