# argmax and argmin: default axis 0, other axes, ties pick the first index, output_type.
import tensorflow as tf


@tf.function
def args(x):
    return tf.argmax(x), tf.argmax(x, axis=1), tf.argmin(x, axis=0), tf.argmin(x, axis=-1)


for r in args(tf.constant([[1.0, 5.0, 5.0], [7.0, -1.0, 0.0]])):
    print(r)
print(tf.argmax(tf.constant([2, 9, 9, 1]), output_type=tf.int32))
print(tf.math.argmin(tf.constant([4, 1, 1, 0, 0])))
