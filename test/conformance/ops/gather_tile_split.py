# tf.gather (axis 0 and 1), tf.tile and tf.split into equal and given sizes.
import tensorflow as tf


@tf.function
def gts(x):
    return tf.gather(x, [2, 0]), tf.gather(x, [1, 1], axis=1), tf.tile(x, [1, 2])


m = tf.constant([[1, 2], [3, 4], [5, 6]])
for r in gts(m):
    print(r)
for part in tf.split(tf.range(6), 3):
    print(part)
for part in tf.split(tf.reshape(tf.range(8), [2, 4]), [1, 3], axis=1):
    print(part)
print(tf.tile(tf.constant([1.5]), [3]))
