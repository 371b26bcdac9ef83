# reduce_max, reduce_min and reduce_prod with axis and keepdims, on floats and ints.
import tensorflow as tf


@tf.function
def extremes(x):
    return (tf.reduce_max(x), tf.reduce_max(x, axis=0), tf.reduce_min(x), tf.reduce_min(x, axis=1, keepdims=True),
            tf.reduce_prod(x), tf.reduce_prod(x, axis=-1))


for r in extremes(tf.constant([[3.0, -1.0, 2.0], [0.5, 4.0, -2.0]])):
    print(r)
for r in extremes(tf.constant([[3, -1, 2], [1, 4, -2]])):
    print(r)
print(tf.reduce_max(tf.constant([1, 5, 3], dtype=tf.uint8)))
print(tf.reduce_prod(tf.constant([], dtype=tf.float32)))
