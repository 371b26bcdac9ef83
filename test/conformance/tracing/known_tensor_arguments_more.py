# More axis, depth, perm, shift and count arguments given as tensors known
# at trace time, inside tf.function.
import tensorflow as tf

@tf.function
def f(x):
    a = tf.gather(x, [0], axis=tf.constant(1))
    b = tf.one_hot([0, 1], tf.constant(3))
    c = tf.transpose(x, tf.constant([1, 0]))
    e = tf.math.cumsum(x, axis=tf.constant(1))
    g = tf.argmax(x, axis=tf.constant(1))
    h = tf.range(tf.constant(3))
    i = tf.linspace(0.0, 1.0, tf.constant(3))
    j = tf.fill(tf.constant([2]), 7)
    k = tf.reverse(x, tf.constant([1]))
    l = tf.roll(x, shift=tf.constant(1), axis=tf.constant(1))
    return a, b, c, e, g, h, i, j, k, l

for t in f(tf.constant([[1, 2]])):
    print(t)
