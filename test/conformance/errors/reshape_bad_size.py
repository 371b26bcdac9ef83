# tf.reshape to a shape with a different number of elements, found while tracing.
import tensorflow as tf


@tf.function
def flat4(x):
    return tf.reshape(x, [4])


print(flat4(tf.constant([[1, 2], [3, 4]])))
print(flat4(tf.constant([[1, 2, 3], [4, 5, 6]])))
print("not reached")
