# Broadcasting rules in a Function: rank extension, size-1 dims, scalars, result shapes.
import tensorflow as tf


@tf.function
def bcast(a, b):
    r = a + b
    print("traced result shape", r.shape)
    return r


print(bcast(tf.constant([[1], [2], [3]]), tf.constant([10, 20])))
print(bcast(tf.constant(5), tf.constant([[1, 2], [3, 4]])))
print(bcast(tf.ones([2, 1, 3]), tf.ones([4, 1])))
print(bcast(tf.constant([[1.0, 2.0]]), tf.constant([[10.0], [20.0]])))
print(tf.broadcast_to(tf.constant([1, 2, 3]), [2, 3]))
print(tf.broadcast_to(tf.constant(7.0), [2]))
