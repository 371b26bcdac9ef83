# Reduction axes computed from tensors that trace time knows: the rank of a
# tensor, arithmetic on it, tf.range over it. TensorFlow's shape inference
# evaluates such small constant subgraphs, so the result shapes are static.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def last_axis(x):
    s = tf.reduce_sum(x, axis=tf.rank(x) - 1)
    m = tf.reduce_max(x, axis=[tf.rank(x) - 2], keepdims=True)
    neg = tf.reduce_min(x, axis=tf.constant(0) - 1)
    print("traced:", s.shape, m.shape, neg.shape)
    return s, m, neg


x = tf.reshape(tf.range(12.0), [2, 2, 3])
for t in last_axis(x):
    print(t)


@tf.function
def all_axes(x):
    axes = tf.range(tf.rank(x))
    backwards = tf.range(tf.rank(x) - 1, -1, -1)
    print("traced:", axes.shape, backwards.shape)
    return tf.reduce_mean(x, axis=axes), tf.reduce_prod(x + 1.0, axis=backwards)


print(all_axes(tf.ones([3, 4])))
print(all_axes(tf.reshape(tf.range(6.0), [1, 2, 3])))


@tf.function
def halves(x):
    # FloorDiv and FloorMod of known values, as Python's.
    return (tf.reduce_sum(x, axis=tf.rank(x) // 2),
            tf.reduce_sum(x, axis=(tf.rank(x) - 3) % 2))


print(halves(tf.reshape(tf.range(24), [2, 3, 4])))
