# for ... in zip(tensor, tensor) inside tf.function is not staged: iterating a symbolic tensor fails.
import tensorflow as tf


@tf.function
def dot(a, b):
    s = tf.constant(0)
    for x, y in zip(a, b):
        s += x * y
    return s


print("calling dot")
print(dot(tf.constant([1, 2, 3]), tf.constant([4, 5, 6])))
print("not reached")
