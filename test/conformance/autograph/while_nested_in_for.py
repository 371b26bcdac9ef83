# A staged while loop nested in a staged for loop: sums the number of halvings of 1..n.
import tensorflow as tf


@tf.function
def total_halvings(n):
    total = tf.constant(0)
    for i in tf.range(1, n + 1):
        v = i
        while v > 1:
            v = v // 2
            total += 1
    return total


print(total_halvings(tf.constant(1)))
print(total_halvings(tf.constant(8)))
print(total_halvings(tf.constant(20)))
print("traces:", total_halvings.experimental_get_tracing_count())
