# A staged while loop on a float condition: halves x until it drops below a threshold.
import tensorflow as tf


@tf.function
def halvings(x, eps):
    n = 0
    while x >= eps:
        x = x / 2.0
        n += 1
    return n, x


print(halvings(tf.constant(64.0), tf.constant(1.0)))
print(halvings(tf.constant(0.5), tf.constant(1.0)))
print(halvings(tf.constant(3.0), tf.constant(0.25)))
