# A Python assert on a Python argument fails at trace time inside the Function.
import tensorflow as tf


@tf.function
def window(x, size):
    assert size > 0, "size must be positive"
    return x[:size]


print(window(tf.constant([1, 2, 3]), 2))
print(window(tf.constant([1, 2, 3]), -1))
print("not reached")
