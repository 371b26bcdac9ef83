# A layer normalization written with tf.nn.moments, differentiated inside
# a tf.function: x reaches the loss three times (directly, through the
# mean and through the variance), and grappler adds those gradients in
# the order of their names, which come from moments' scope ("moments/")
# and its one SquaredDifference op.
import tensorflow as tf

gamma = tf.Variable([1.0, 1.2, 0.8, 1.0])
beta = tf.Variable([0.0, 0.1, -0.1, 0.0])


def layer_norm(x):
  mean, variance = tf.nn.moments(x, axes=[-1], keepdims=True)
  return (x - mean) * tf.math.rsqrt(variance + 1e-5) * gamma + beta


@tf.function
def grads(x):
  with tf.GradientTape() as tape:
    tape.watch(x)
    y = layer_norm(x)
    loss = tf.reduce_sum(y * tf.constant([1.0, -2.0, 3.0, 0.5]))
  return tape.gradient(loss, [x, gamma, beta])


x = tf.reshape(tf.sin(tf.range(12, dtype=tf.float32) * 1.9), [3, 4])
for g in grads(x):
  print(g)
with tf.GradientTape() as tape:
  tape.watch(x)
  loss = tf.reduce_sum(layer_norm(x) * tf.constant([1.0, -2.0, 3.0, 0.5]))
print(tape.gradient(loss, x))
