# With autograph=False, `and` on symbolic tensors needs bool() of a tensor: error.
import tensorflow as tf


@tf.function(autograph=False)
def both_positive(a, b):
    return a > 0 and b > 0


print("calling both_positive")
print(both_positive(tf.constant(1), tf.constant(2)))
print("not reached")
