# reduce_any and reduce_all on bool tensors, with axis and keepdims.
import tensorflow as tf


@tf.function
def anyall(x):
    return (tf.reduce_any(x), tf.reduce_all(x), tf.reduce_any(x, axis=0), tf.reduce_all(x, axis=1),
            tf.reduce_any(x, axis=1, keepdims=True))


for r in anyall(tf.constant([[True, False], [True, True], [False, False]])):
    print(r)
print(tf.reduce_all(tf.constant([], dtype=tf.bool)), tf.reduce_any(tf.constant([], dtype=tf.bool)))
print(tf.reduce_any(tf.constant([1, 2, 3]) > 2))
