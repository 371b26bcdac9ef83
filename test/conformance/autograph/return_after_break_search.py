# The supported way to return a search result from a staged loop: break, then return after the loop.
import tensorflow as tf


@tf.function
def smallest_divisor(n):
    d = tf.constant(2)
    found = tf.constant(False)
    while d * d <= n:
        if n % d == 0:
            found = tf.constant(True)
            break
        d += 1
    if found:
        return d
    return n


for n in [15, 49, 13, 2]:
    print(n, smallest_divisor(tf.constant(n)).numpy())
print("traces:", smallest_divisor.experimental_get_tracing_count())
