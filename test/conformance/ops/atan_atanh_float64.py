# float64 atan and atanh: Eigen's double packet forms (a rational atan on
# [0, 1] with pi/2 - atan(1/x) past it; atanh's rational form below one
# half, half the packet log of (1+x)/(1-x) above) before size - size % 4,
# the C library's after; the edge values.
import tensorflow as tf
z = tf.random.stateless_normal([18], seed=[1, 2], dtype=tf.float64) * 3
print(tf.math.atan(z).numpy().tolist())
w = tf.concat([z / 10, tf.constant([0.5, -0.5, 1.0, -1.0, 0.999, 1.5, 0.0, -0.0], tf.float64)], 0)
print(tf.math.atanh(w).numpy().tolist())
print(tf.math.atan(tf.constant([0.0, -0.0, 1.0, -1.0, 1e300, float("inf"), float("-inf"), float("nan")], tf.float64)).numpy().tolist())
@tf.function
def f(x):
  return tf.math.atan(x), tf.math.atanh(x / 4)
print(f(z))
