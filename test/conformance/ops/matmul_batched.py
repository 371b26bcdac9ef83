# Batched tf.matmul on rank-3 tensors, with batch broadcasting.
import tensorflow as tf


@tf.function
def bmm(a, b):
    r = tf.matmul(a, b)
    print("traced batched result shape", r.shape)
    return r


a = tf.reshape(tf.range(12, dtype=tf.float32), [2, 2, 3])
b = tf.reshape(tf.range(6, dtype=tf.float32), [2, 3, 1])
print(bmm(a, b))
print(bmm(a, tf.ones([1, 3, 2])))
print(bmm(tf.ones([3, 1, 2, 2]), tf.eye(2) * 2.0))
print(tf.reshape(tf.range(8), [2, 2, 2]) @ tf.reshape(tf.range(8), [2, 2, 2]))
