# Gradients through tf.concat along a dimension known only at run time,
# tf.pad and tf.tile of tensors with a None batch dimension.
import tensorflow as tf

fns = {
    "concat_axis0": lambda x: tf.concat([x, x * 2.0, x[:1] * 3.0], axis=0),
    "concat_axis1": lambda x: tf.concat([x, tf.reverse(x, [0])], axis=1),
    "concat_known": lambda x: tf.concat([tf.ones([2, 3]), x], axis=0),
    "pad": lambda x: tf.pad(x, [[1, 0], [0, 2]]),
    "pad_constant": lambda x: tf.pad(x, [[0, 2], [1, 1]], constant_values=3.0),
    "tile": lambda x: tf.tile(x, [2, 1]),
    "tile_both": lambda x: tf.tile(x, [3, 2]),
}


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def grads(x):
    out = []
    for fn in fns.values():
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
            weights = tf.cast(tf.range(tf.size(y)), tf.float32)[:tf.shape(y)[1]]
            loss = tf.reduce_sum(y * y * weights)
        out.append(tape.gradient(loss, x))
    return out


x = tf.constant([[1.0, -2.0, 0.5], [0.3, 0.8, -1.5]])
for rows in [x, x[:1]]:
    for name, g in zip(fns, grads(rows)):
        print(name, g.numpy().tolist())
