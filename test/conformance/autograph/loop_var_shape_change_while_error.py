# A staged while loop whose loop variable changes rank (scalar to vector) is an error.
import tensorflow as tf


@tf.function
def grow(n):
    x = tf.constant(1.0)
    i = tf.constant(0)
    while i < n:
        x = tf.stack([x, x])
        i += 1
    return x


print("calling grow")
print(grow(tf.constant(2)))
print("not reached")
