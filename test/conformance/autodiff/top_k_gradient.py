# The gradient of top_k's values: each scattered back to its position, in
# rows of the last dimension, eagerly and inside tf.function.
import tensorflow as tf
x = tf.constant([[1.0, 5.0, 3.0, 2.0], [4.0, -1.0, 0.5, 7.0]])
with tf.GradientTape() as t:
    t.watch(x)
    v = tf.math.top_k(x, 2).values
    y = tf.reduce_sum(v * tf.constant([[1.0, 2.0], [3.0, 4.0]]))
print(t.gradient(y, x))

@tf.function
def f(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(tf.math.top_k(x, 3).values ** 2)
    return t.gradient(y, x)
print(f(tf.constant([3.0, 1.0, 4.0, 1.5, 9.0])))
