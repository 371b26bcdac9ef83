# continue inside a staged while loop: the increment before it still runs, the rest is skipped.
import tensorflow as tf


@tf.function
def sum_odd_below(n):
    i = tf.constant(0)
    total = tf.constant(0)
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        total += i
    return total


print(sum_odd_below(tf.constant(6)))
print(sum_odd_below(tf.constant(9)))
print("traces:", sum_odd_below.experimental_get_tracing_count())
