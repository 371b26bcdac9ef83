# for ... in enumerate(tensor) inside tf.function is not staged: iterating a symbolic tensor fails.
import tensorflow as tf


@tf.function
def weighted_sum(v):
    s = tf.constant(0)
    for i, x in enumerate(v):
        s += i * x
    return s


print("calling weighted_sum")
print(weighted_sum(tf.constant([1, 2, 3])))
print("not reached")
