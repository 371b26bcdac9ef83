# Returns of different dtypes from the two paths of a tensor if are an error.
import tensorflow as tf


@tf.function
def sign_or_half(x):
    if x > 0:
        return tf.constant(1)
    return x / 2.0


print("calling sign_or_half")
print(sign_or_half(tf.constant(3.0)))
print("not reached")
