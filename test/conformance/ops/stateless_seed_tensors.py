# Stateless random ops whose seed is a tensor known only when the function
# runs (a per-step dropout seed): the compiled code scrambles the seed into
# the Philox key and counter, as StatelessRandomGetKeyCounter does.
import tensorflow as tf


@tf.function
def dropout(x, seed):
    keep = tf.random.stateless_uniform(tf.shape(x), seed=seed) >= 0.25
    return tf.where(keep, x / 0.75, tf.zeros_like(x))


@tf.function
def draws(seed):
    return (tf.random.stateless_uniform([3, 2], seed=seed),
            tf.random.stateless_normal([5], seed=seed, dtype=tf.float64),
            tf.random.stateless_truncated_normal([2, 3], seed=seed),
            tf.random.stateless_uniform([4], seed=seed, minval=0, maxval=10,
                                        dtype=tf.int32))


x = tf.reshape(tf.range(1.0, 13.0), [3, 4])
for step in range(3):
    print(dropout(x, tf.constant([7, step])).numpy())
for t in draws(tf.constant([1, 2], tf.int64)):
    print(t.numpy())
for t in draws(tf.constant([-5, 123456789012], tf.int64)):
    print(t.numpy())
