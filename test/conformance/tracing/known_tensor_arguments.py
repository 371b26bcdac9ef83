# Shape, axis and size arguments given as tensors whose values trace time
# knows (constants, elements of static shapes) work inside tf.function.
import tensorflow as tf

@tf.function
def f(x):
    a = tf.tile(x, tf.constant([1, 2]))
    b = tf.concat([x, x], axis=tf.constant(0))
    c = tf.expand_dims(x, tf.constant(0))
    d = tf.slice(x, [tf.constant(0), 1], [1, tf.constant(1)])
    e = tf.reshape(x, [tf.constant(2), -1])
    g = tf.eye(tf.shape(x)[1])
    h = tf.broadcast_to(tf.constant([1, 2]), [tf.size(x), 2])
    i = tf.zeros([tf.shape(x)[0], 3])
    j = tf.pad(x, tf.constant([[0, 1], [1, 0]]))
    k = tf.split(x, tf.constant([1, 1]), axis=tf.constant(1))
    return a, b, c, d, e, g, h, i, j, k

for t in f(tf.constant([[1, 2]])):
    print(t)
