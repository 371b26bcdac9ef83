# tf.math.lgamma (the C library's lgammaf/lgamma) and tf.math.digamma
# (Eigen's Cephes psi), eagerly and in a function, at poles, infinities,
# NaN, the reflection for negative x and the asymptotic series' cut-offs.
import tensorflow as tf

x = tf.constant([-3.5, -2.5, -2.0, -1.7, -0.5, -0.0, 0.0, 1e-30, 0.3, 0.5,
                 1.0, 1.5, 2.0, 3.7, 9.99, 10.0, 25.5, 1e7, 2e8,
                 float("inf"), float("-inf"), float("nan")])
print(tf.math.lgamma(x))
print(tf.math.digamma(x))
xd = tf.cast(x, tf.float64)
print(tf.math.lgamma(xd).numpy())
print(tf.math.digamma(xd).numpy())
print(tf.math.lgamma(tf.cast(x, tf.float16)))
print(tf.math.digamma(tf.cast(x, tf.float16)))


@tf.function
def both(x):
  return tf.math.lgamma(x), tf.math.digamma(x)


r = tf.random.stateless_uniform([1000], seed=[1, 2], minval=-20, maxval=50)
a, b = both(r)
print(a[:10].numpy(), b[:10].numpy())
print(tf.reduce_sum(a).numpy(), tf.reduce_sum(b).numpy())

# lgamma's gradient is digamma.
y = tf.Variable([0.5, 2.0, 7.0])
with tf.GradientTape() as t:
  l = tf.reduce_sum(tf.math.lgamma(y))
print(t.gradient(l, y))


# A Poisson log-likelihood.
@tf.function
def poisson_log_prob(k, rate):
  return k * tf.math.log(rate) - rate - tf.math.lgamma(k + 1.0)


print(poisson_log_prob(tf.constant([0., 1., 3., 10.]),
                       tf.constant([0.5, 1.0, 2.5, 9.0])))

try:
  tf.math.digamma(tf.constant([1.0], tf.bfloat16))
except tf.errors.NotFoundError as e:
  print("NotFoundError:", str(e).splitlines()[0])
print(tf.math.lgamma(tf.constant(1)))
