# tf.while_loop whose body changes a loop variable's shape without shape_invariants is an error.
import tensorflow as tf


@tf.function
def grow(n):
    _, v = tf.while_loop(lambda i, v: i < n,
                         lambda i, v: (i + 1, tf.concat([v, v], 0)),
                         (tf.constant(0), tf.constant([1])))
    return v


print("calling grow")
print(grow(tf.constant(3)))
print("not reached")
