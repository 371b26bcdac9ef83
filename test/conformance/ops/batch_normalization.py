# tf.nn.batch_normalization: rsqrt(variance + eps) times scale, then
# x * inv + (offset - mean * inv), with and without offset and scale, in a
# tf.function, in float64 with Python numbers, and its gradient.
import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]])
mean, var = tf.nn.moments(x, axes=[0])
print(tf.nn.batch_normalization(x, mean, var, offset=None, scale=None, variance_epsilon=1e-3))
gamma = tf.constant([1.0, 0.5, 2.0])
beta = tf.constant([0.1, 0.2, 0.3])
print(tf.nn.batch_normalization(x, mean, var, beta, gamma, 1e-5))


@tf.function
def bn(x, gamma, beta):
    mean, var = tf.nn.moments(x, axes=[0, 1, 2], keepdims=False)
    return tf.nn.batch_normalization(x, mean, var, beta, gamma, 0.001)


images = tf.reshape(tf.range(24, dtype=tf.float32) / 7.0, [2, 2, 3, 2])
print(bn(images, tf.constant([1.5, 0.5]), tf.constant([0.0, -1.0])))
print(tf.nn.batch_normalization(tf.constant([1.0, 2.0], tf.float64), 1.5, 0.25, 0.0, 2.0, 1e-3))

with tf.GradientTape() as t:
    t.watch(x)
    y = tf.reduce_sum(tf.nn.batch_normalization(x, mean, var, beta, gamma, 1e-3) ** 2)
print(t.gradient(y, x))
