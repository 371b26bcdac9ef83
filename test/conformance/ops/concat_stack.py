# tf.concat along axes and tf.stack creating a new axis; tf.unstack back.
import tensorflow as tf


@tf.function
def join(a, b):
    return tf.concat([a, b], 0), tf.concat([a, b], axis=1), tf.concat([a, b], -1), tf.stack([a, b]), tf.stack([a, b], axis=1), tf.stack([a, b], axis=-1)


for r in join(tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6], [7, 8]])):
    print(r)
print(tf.concat([tf.constant([1.0]), tf.constant([2.0, 3.0]), tf.constant([], dtype=tf.float32)], 0))
print(tf.stack([tf.constant(1), tf.constant(2), tf.constant(3)]))
for t in tf.unstack(tf.constant([[1, 2, 3], [4, 5, 6]]), axis=1):
    print(t)
print(tf.concat([tf.constant(["a"]), tf.constant(["b"])], 0))
# Python ints alone convert as one list: one past int32 makes them all int64.
print(tf.stack([2**31, 4]))
# With a tensor in the list, the Python ints take its dtype.
print(tf.stack([tf.constant(3, tf.int64), 4]))
