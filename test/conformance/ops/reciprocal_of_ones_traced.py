# Inside a tf.function, grappler's constant folding turns `1.0 / x` into
# Reciprocal(x) (an approximate reciprocal refined once), so it rounds as
# tf.math.reciprocal does; eagerly and with a run-time numerator it is a
# division.
import tensorflow as tf

x = tf.random.stateless_uniform([16], seed=[1, 2], minval=2.0, maxval=8.0)


@tf.function
def ones_over(x):
    return 1.0 / x


@tf.function
def reciprocal(x):
    return tf.math.reciprocal(x)


@tf.function
def given_over(x, one):
    return one / x


@tf.function
def broadcast_ones(x):
    return tf.ones([4, 16]) / x


print(ones_over(x).numpy().tolist())
print(reciprocal(x).numpy().tolist())
print(given_over(x, tf.constant(1.0)).numpy().tolist())
print((1.0 / x).numpy().tolist())
print(broadcast_ones(x)[1].numpy().tolist())
print(ones_over(tf.cast(x, tf.float16)))
print(ones_over(tf.cast(x, tf.float64)).numpy().tolist()[:4])
