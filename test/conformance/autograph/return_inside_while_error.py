# A return inside a staged while loop is refused by AutoGraph, even with a return after the loop.
import tensorflow as tf


@tf.function
def smallest_divisor(n):
    d = tf.constant(2)
    while d * d <= n:
        if n % d == 0:
            return d
        d += 1
    return n


print("calling smallest_divisor")
print(smallest_divisor(tf.constant(15)))
print("not reached")
