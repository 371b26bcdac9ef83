# break inside a staged while loop on a tensor condition ends the loop early.
import tensorflow as tf


@tf.function
def first_power_of_two_above(n, limit):
    p = tf.constant(1)
    steps = tf.constant(0)
    while steps < limit:
        if p > n:
            break
        p *= 2
        steps += 1
    return p, steps


print(first_power_of_two_above(tf.constant(20), tf.constant(100)))
print(first_power_of_two_above(tf.constant(20), tf.constant(3)))
print(first_power_of_two_above(tf.constant(0), tf.constant(100)))
print("traces:", first_power_of_two_above.experimental_get_tracing_count())
