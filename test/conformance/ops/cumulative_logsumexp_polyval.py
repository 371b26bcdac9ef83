# tf.math.cumulative_logsumexp (the LogSumExp scan, scalar exp and log1p),
# exclusive, reverse, along either axis, four float types, its gradient;
# tf.math.polyval (Horner's rule) and tf.math.softsign.
import tensorflow as tf
x = tf.constant([0.5, -1.0, 3.0, float("-inf"), 2.0, 1e30, float("nan"), 4.0])
print(tf.math.cumulative_logsumexp(x))
print(tf.math.cumulative_logsumexp(x, exclusive=True))
print(tf.math.cumulative_logsumexp(x, reverse=True))
m = tf.random.stateless_normal([5, 20], seed=[3, 3]) * 10
print(tf.math.cumulative_logsumexp(m, axis=0).numpy()[-1])
print(tf.math.cumulative_logsumexp(m, axis=1).numpy()[:, -1])
print(tf.math.cumulative_logsumexp(tf.cast(m, tf.float64), axis=1).numpy()[:, -1])
print(tf.math.cumulative_logsumexp(tf.cast(m[:2, :6], tf.float16), axis=1))
@tf.function
def f(v):
  with tf.GradientTape() as t:
    t.watch(v)
    y = tf.math.cumulative_logsumexp(v, axis=1, exclusive=True)
    l = tf.reduce_sum(y * tf.sin(tf.range(20.0)))
  return y[:, -1], t.gradient(l, v)
print(f(m))
print(tf.math.polyval([1.0, 2.0, 3.0], tf.constant([0.5, 2.0])))
print(tf.math.polyval([], tf.constant([0.5, 2.0])))
print(tf.math.softsign(tf.constant([-2.0, 3.0])))
print(tf.math.cumulative_logsumexp(tf.constant([1.0, 2.0, 3.0, -1.5], tf.bfloat16)))
try:
  tf.math.cumulative_logsumexp(tf.constant([1, 2]))
except Exception as e:
  print(type(e).__name__, e)
