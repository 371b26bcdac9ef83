# tf.while_loop whose body returns a loop variable of another dtype is an error.
import tensorflow as tf


@tf.function
def bad(n):
    return tf.while_loop(lambda i: i < n, lambda i: tf.cast(i, tf.float32) + 1.0,
                         [tf.constant(0)])


print("calling bad")
print(bad(tf.constant(3)))
print("not reached")
