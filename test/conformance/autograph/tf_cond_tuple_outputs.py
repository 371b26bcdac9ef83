# tf.cond whose branches return matching tuples of tensors.
import tensorflow as tf


@tf.function
def sort2(a, b):
    return tf.cond(a <= b, lambda: (a, b), lambda: (b, a))


print(sort2(tf.constant(5.0), tf.constant(1.0)))
print(sort2(tf.constant(-1.0), tf.constant(1.0)))
