# A while loop on a tensor condition is staged: traced once, runs a data-dependent number of times.
import tensorflow as tf


@tf.function
def triangle(n):
    total = tf.constant(0)
    i = tf.constant(1)
    while i <= n:
        print("trace: while body")
        total += i
        i += 1
    return total


print(triangle(tf.constant(4)))
print(triangle(tf.constant(10)))
print(triangle(tf.constant(0)))
print("traces:", triangle.experimental_get_tracing_count())
