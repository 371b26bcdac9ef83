# A Python exception raised by user code at trace time propagates out of the Function call.
import tensorflow as tf


def check_positive(n):
    if n <= 0:
        raise ValueError("n must be positive, got %d" % n)
    return n


@tf.function
def repeat(x, n):
    check_positive(n)
    return tf.tile(x, [n])


print(repeat(tf.constant([1, 2]), 2))
print(repeat(tf.constant([1, 2]), 0))
print("not reached")
