# TensorFlow's Python compositions: reduce_variance/std/logsumexp,
# count_nonzero, l2_normalize and log_sigmoid, eager and in a tf.function.
import tensorflow as tf
m = tf.reshape((tf.range(60, dtype=tf.float32) * 0.61) % 1.7 - 0.8, [3, 20])
print(tf.math.reduce_variance(m), tf.math.reduce_variance(m, axis=1))
print(tf.math.reduce_std(m, axis=0, keepdims=True))
print(tf.math.reduce_logsumexp(m), tf.math.reduce_logsumexp(m, axis=1))
print(tf.reduce_logsumexp(m, axis=-1, keepdims=True))
print(tf.reduce_logsumexp(tf.constant([-float("inf"), -float("inf")])))
print(tf.math.count_nonzero(tf.constant([[0, 1, 2], [0, 0, 3]])), tf.math.count_nonzero(tf.constant([[0., 1.5], [2., 0.]]), axis=1))
print(tf.math.count_nonzero(tf.constant([True, False, True]), dtype=tf.int32))
print(tf.math.l2_normalize(m[0]), tf.nn.l2_normalize(m, axis=1)[:, :4])
print(tf.math.log_sigmoid(m[1]))
@tf.function
def f(x):
  return tf.math.reduce_std(x, axis=1), tf.reduce_logsumexp(x, 1), tf.math.count_nonzero(x > 0.0), tf.nn.l2_normalize(x, -1)
print(f(m))
try:
  tf.math.reduce_variance(tf.constant([1, 2]))
except TypeError as e:
  print("TypeError", e)
