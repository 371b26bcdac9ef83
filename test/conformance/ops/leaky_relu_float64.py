# tf.nn.leaky_relu's alpha is a float attr: float64 features multiply by
# its float32 value, in the op and its gradient.
import tensorflow as tf

x = tf.constant([-0.580980780115443, 2.0, -3.25], tf.float64)
print(tf.nn.leaky_relu(x, 0.1).numpy().tolist())
print(tf.nn.leaky_relu(x).numpy().tolist())
with tf.GradientTape() as t:
  t.watch(x)
  y = tf.reduce_sum(tf.nn.leaky_relu(x, 0.3) * x)
print(t.gradient(y, x).numpy().tolist())
