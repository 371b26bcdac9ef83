# A tf.function called under a tape inside another's trace is one call
# op: its gradient sums the callee's contributions first (1e8 - 1e8), then
# the caller adds its own (+ 1), as TensorFlow's call gradient does. An
# IndexedSlices returned by a nested function can be made dense.
import tensorflow as tf


@tf.function
def cancel(x):
    return x * 1e8 - x * 1e8


@tf.function
def outer(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = cancel(x) + x
    return t.gradient(y, x)


print(outer(tf.constant(1.0)))

emb = tf.Variable([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]])


@tf.function
def slices(i):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.gather(emb, i) ** 2)
    return tape.gradient(loss, emb)


@tf.function
def densified(i):
    return tf.convert_to_tensor(slices(i))


print(densified(tf.constant(2)))
