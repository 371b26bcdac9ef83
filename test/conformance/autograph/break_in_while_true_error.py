# `while True` with a break on a tensor condition is an error: the loop test starts as a Python bool.
import tensorflow as tf


@tf.function
def smallest_square_at_least(n):
    k = tf.constant(0)
    while True:
        if k * k >= n:
            break
        k += 1
    return k


print("calling smallest_square_at_least")
print(smallest_square_at_least(tf.constant(10)))
print("not reached")
