# A staged while loop whose loop variable changes dtype in the body is an error.
import tensorflow as tf


@tf.function
def grow(n):
    x = tf.constant(1)
    i = tf.constant(0)
    while i < n:
        x = tf.cast(x, tf.float32) * 2.0
        i += 1
    return x


print(grow(tf.constant(3)))
print("not reached")
