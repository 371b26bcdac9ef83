# tf.truncatediv/truncatemod (toward zero), tf.math.rint (half to even),
# reduce_euclidean_norm (integers round down), tf.nn.crelu (with its graph
# names), tf.linalg.adjoint and tf.linalg.normalize.
import tensorflow as tf
print(tf.truncatediv(tf.constant([-7.5, 7.5, -8.0]), 2.0))
print(tf.truncatediv(tf.constant([-7, 7, -6, 6, -1]), tf.constant([2, -2, 3, 4, 5])))
print(tf.truncatemod(tf.constant([-7, 7, -6, 6, -1]), tf.constant([2, -2, 3, 4, 5])))
print(tf.math.rint([0.5, 1.5, 2.5, -0.5, -1.7]))
print(tf.math.reduce_euclidean_norm(tf.constant([3, 4])))
print(tf.math.reduce_euclidean_norm(tf.constant([[3.0, 4.0], [1.0, 1.0]]), axis=1, keepdims=True))
@tf.function
def f(x):
    y = tf.truncatediv(x, 2)
    print(y)
    z = tf.math.rint(tf.cast(x, tf.float32) / 2)
    print(z)
    n = tf.math.reduce_euclidean_norm(tf.cast(x, tf.float32))
    print(n)
    c = tf.nn.crelu(tf.cast(x, tf.float32))
    print(c)
    a = tf.linalg.adjoint(tf.reshape(tf.cast(x, tf.float32), [1, 3]))
    print(a.shape)
    nn, nm = tf.linalg.normalize(tf.cast(x, tf.float32))
    print(nn.shape, nm.shape)
    return y, z, n, c, a, nn, nm
print(f(tf.constant([-7, 7, 3])))
print(tf.nn.crelu(tf.constant([[1.0, -2.0]]), axis=0))
print(tf.linalg.normalize(tf.constant([[3.0, 4.0], [6.0, 8.0]]), axis=1))
print(tf.linalg.normalize(tf.constant([[3.0, 4.0], [6.0, 8.0]]), ord=1))
