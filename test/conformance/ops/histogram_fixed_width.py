# tf.histogram_fixed_width: the kernel's bins (values clamped to the range,
# the step in double) counted, for floats and ints, eagerly and traced.
import tensorflow as tf
v = tf.constant([-1.0, 0.0, 1.5, 2.0, 5.0, 15.0, 4.999, 0.3, 10.0])
print(tf.histogram_fixed_width(v, [0.0, 5.0], nbins=5))
print(tf.histogram_fixed_width(v, [0.0, 5.0], nbins=3, dtype=tf.int64))
print(tf.histogram_fixed_width(tf.constant([1, 2, 3, 7, 9]), [0, 10], nbins=4))
r = tf.random.stateless_normal([1000], seed=[5, 6])
@tf.function
def h(x):
  return tf.histogram_fixed_width(x, [-3.0, 3.0], nbins=12)
print(h(r))
print(tf.histogram_fixed_width(tf.reshape(r[:12], [3, 4]), [-1.0, 1.0]))
