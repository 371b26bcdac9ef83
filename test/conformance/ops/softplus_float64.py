# float64 softplus: Eigen has no double packet log1p, so the whole
# expression runs element by element, exp the C library's everywhere.
import tensorflow as tf
z = tf.random.stateless_normal([16], seed=[1, 2], dtype=tf.float64) * 3
print(tf.nn.softplus(z).numpy().tolist())
print(tf.math.softplus(tf.reshape(z, [4, 4])).numpy().tolist())
with tf.GradientTape() as t:
  t.watch(z)
  y = tf.reduce_sum(tf.nn.softplus(z))
print(t.gradient(y, z).numpy().tolist())
