# tf.tile with many copies is one Tile node (concatenating them would take
# long to compile), also on sizes known only at run time, and its gradient
# sums the copies as _TileGrad does (reshaped, reduce_sum over the copy
# axes), bit for bit.
import tensorflow as tf


@tf.function
def tiled(x):
    return tf.tile(x, [1000]) * 2.0


print(tiled(tf.constant([1.0, 2.0])).shape)
print(tf.reduce_sum(tf.tile(tf.constant([1.0, 2.0]), [1000])))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def dyn(x):
    return tf.tile(x, [1000]) * 2.0


print(dyn(tf.constant([1.0, 2.0, 3.0])).shape)
x = tf.reshape(tf.sin(tf.range(6, dtype=tf.float32)), [2, 3])
w = tf.reshape(tf.cos(tf.range(6 * 40 * 3, dtype=tf.float32)), [80, 9])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.tile(x, [40, 3])
    loss = tf.reduce_sum(y * w)
g = tape.gradient(loss, x)
print(g.numpy().tolist())


@tf.function
def grad_fn(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.tile(x, [40, 3]) * w)
    return tape.gradient(loss, x)


print(grad_fn(x).numpy().tolist())


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def grad_dyn(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.sin(tf.tile(x, [40, 3])))
    return tape.gradient(loss, x)


print(grad_dyn(x).numpy().tolist())
print(tf.tile(tf.constant([[1, 2]]), [3, 7]))
