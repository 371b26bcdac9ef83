# tf.concat of tensors with different ranks inside a Function.
import tensorflow as tf


@tf.function
def join(a, b):
    return tf.concat([a, b], axis=0)


print(join(tf.constant([1, 2]), tf.constant([3])))
print(join(tf.constant([1, 2]), tf.constant([[3, 4]])))
print("not reached")
