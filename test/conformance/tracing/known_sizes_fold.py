# Sizes computed from static shapes inside a tf.function (n = tf.shape(x)[0],
# then n - 1, 2 * n, n // 2) are known at trace time, as TensorFlow's shape
# inference evaluates them: they can size eye, slice, broadcast_to, pad,
# split, range, transpose, roll, ones, reshape, tile and one_hot, while
# tf.get_static_value still sees only what TensorFlow's Python folding does.
import tensorflow as tf


@tf.function
def f(x):
    n = tf.shape(x)[0]
    print(tf.get_static_value(n), tf.get_static_value(n - 1))
    return (tf.eye(n), tf.slice(x, [n - 2, 0], [1, 2]),
            tf.broadcast_to(x[:1], [n, 2]), tf.pad(x, [[n - 3, 0], [0, 0]]),
            tf.split(x, [1, n - 1]), tf.range(n - 1),
            tf.transpose(x, [n - 2, n - 3]), tf.roll(x, n - 2, 0))


for t in f(tf.reshape(tf.range(6.0), [3, 2])):
    print(t)


@tf.function
def g(x):
    rows, cols = tf.shape(x)[0], tf.shape(x)[1]
    return (tf.ones([rows * 2, cols]), tf.reshape(x, [cols // 2, -1]),
            tf.tile(x, [rows - 2, 1]), tf.one_hot([0, 2], rows),
            tf.zeros(tf.stack([tf.maximum(rows, cols), tf.minimum(rows, 1)])))


for t in g(tf.ones([3, 4])):
    print(t)
