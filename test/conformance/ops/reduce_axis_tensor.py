# Reductions whose axes are a tensor known at trace time (a vector of
# axes), eagerly and in a function.
import tensorflow as tf

x = tf.reshape(tf.range(24, dtype=tf.float32), [2, 3, 4])
axes = tf.constant([0, 2])
print(tf.reduce_sum(x, axes), tf.reduce_mean(x, tf.constant([-1, -2])))
print(tf.reduce_max(x, tf.constant([1]), keepdims=True))


@tf.function
def f(x):
    return (tf.reduce_sum(x, tf.constant([0, 2])),
            tf.reduce_prod(x % 3.0 + 1.0, tf.constant([1, 2], tf.int64)),
            tf.math.reduce_std(x, tf.constant([0, 1])))


for t in f(x):
    print(t)
