# tf.concat and tf.stack of hundreds of tensors in a function (static and
# run-time sizes) compile in seconds: kiln joins them in groups.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def joined(x):
    parts = [x * float(i) for i in range(300)]
    return tf.concat(parts, 0), tf.stack(parts, axis=1)


@tf.function
def joined_static(x):
    return tf.concat([x + float(i) for i in range(257)], 0)


a, b = joined(tf.constant([1.0, 2.0]))
print(a.shape, tf.reduce_sum(a).numpy(), a[-3:].numpy())
print(b.shape, b[1, -2:].numpy())
c = joined_static(tf.constant([[1.0], [2.0]]))
print(c.shape, c[255:259, 0].numpy())
