# The gradient of a slice with a run-time bound puts back the axes an
# index (static or not) dropped and drops the new ones.
import tensorflow as tf


@tf.function
def grad(t, a):
    with tf.GradientTape() as tape:
        tape.watch(t)
        y = (tf.reduce_sum(t[a:, 1:, 0] * 2.0) +
             tf.reduce_sum(t[a, :, 1:] * 3.0) +
             tf.reduce_sum(t[tf.newaxis, a:, tf.newaxis, 1, 2] * 5.0))
    return tape.gradient(y, t)


print(grad(tf.reshape(tf.range(24.0), [2, 3, 4]), tf.constant(1)))
print(grad(tf.reshape(tf.range(24.0), [2, 3, 4]), tf.constant(0)))
