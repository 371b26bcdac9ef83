# Training helpers as TensorFlow's Python layer builds them: clip_by_norm
# (with axes, and a zero tensor), clip_by_global_norm and global_norm,
# l2_loss, moments, squared_difference, reciprocal_no_nan, silu/swish (with
# swish's own gradient), eagerly, under a tape and in a tf.function.
import tensorflow as tf
x = tf.random.stateless_normal([4, 5], seed=[1, 2])
y = tf.random.stateless_normal([5], seed=[3, 4])
print(tf.clip_by_norm(x, 1.5))
print(tf.clip_by_norm(x, 0.5, axes=[1]))
print(tf.clip_by_norm(tf.zeros([3]), 1.0))
clipped, norm = tf.clip_by_global_norm([x, y, None], 2.0)
print(clipped, norm)
print(tf.linalg.global_norm([x, y]))
print(tf.clip_by_global_norm([x], 100.0)[0])
print(tf.nn.l2_loss(x), tf.math.squared_difference(x, y))
m, v = tf.nn.moments(x, axes=[0])
print(m, v)
print(tf.nn.moments(x, axes=[0, 1], keepdims=True))
print(tf.math.reciprocal_no_nan(tf.constant([2.0, 0.0, -4.0])))
print(tf.nn.silu(x), tf.nn.swish(y))
w = tf.Variable(tf.random.stateless_normal([5, 3], seed=[5, 6]))
with tf.GradientTape() as tape:
    h = tf.nn.silu(x @ w)
    loss = tf.reduce_mean(tf.math.squared_difference(h, 1.0)) + 0.01 * tf.nn.l2_loss(w)
g = tape.gradient(loss, w)
print(g)
(gc,), n = tf.clip_by_global_norm([g], 0.1)
print(gc, n)
@tf.function
def f(a):
    return tf.clip_by_norm(a, 1.0), tf.nn.moments(a, [1])
print(f(x))
