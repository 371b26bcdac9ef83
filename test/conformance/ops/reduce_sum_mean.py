# reduce_sum and reduce_mean with axis (int, negative, list), keepdims, and int mean truncation.
import tensorflow as tf


@tf.function
def reductions(x):
    return (tf.reduce_sum(x), tf.reduce_sum(x, axis=0), tf.reduce_sum(x, axis=1),
            tf.reduce_sum(x, axis=-1, keepdims=True), tf.reduce_sum(x, axis=[0, 1]),
            tf.reduce_mean(x), tf.reduce_mean(x, axis=0), tf.reduce_mean(x, axis=1, keepdims=True))


for r in reductions(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]])):
    print(r)
for r in reductions(tf.constant([[1, 2, 3], [4, 5, 7]])):
    print(r)
print(tf.reduce_sum(tf.cast(tf.constant([True, True, False]), tf.int32)))
print(tf.reduce_sum(tf.zeros([0])))
print(tf.reduce_mean(tf.reshape(tf.range(8, dtype=tf.float32), [2, 2, 2]), axis=[0, 2]))
