# tf.transpose: default reversal of axes, explicit perm, rank 3, and .T-free matrix transpose.
import tensorflow as tf


@tf.function
def tr(x):
    return tf.transpose(x), tf.transpose(x, perm=[1, 0, 2]), tf.transpose(x, [2, 0, 1])


for r in tr(tf.reshape(tf.range(12), [2, 3, 2])):
    print(r)
print(tf.transpose(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
print(tf.transpose(tf.constant([1, 2, 3])))
print(tf.linalg.matrix_transpose(tf.constant([[[1, 2]], [[3, 4]]])))
