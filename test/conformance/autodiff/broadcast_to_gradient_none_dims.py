# The gradient of tf.broadcast_to to a shape known only when the function
# runs: the input's sizes that were 1 at run time are summed over.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def first_row(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.broadcast_to(x[:1], tf.shape(x))
        loss = tf.reduce_sum(y * y * tf.range(1.0, 4.0))
    return tape.gradient(loss, x)


x = tf.constant([[1.0, -2.0, 0.5], [0.3, 0.8, -1.5], [2.0, 1.0, 1.0]])
print(first_row(x).numpy().tolist())
print(first_row(x[:1]).numpy().tolist())


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32),
                              tf.TensorSpec([3], tf.int32)])
def to_shape(x, shape):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.broadcast_to(x, shape)
        loss = tf.reduce_sum(y * tf.cast(tf.range(tf.size(y)), tf.float32)
                             [:tf.shape(y)[2]])
    return tape.gradient(loss, x)


for value, shape in [(tf.ones([1, 3]), [2, 4, 3]), (tf.ones([4, 1]), [2, 4, 3]),
                     (tf.ones([1, 1]), [2, 2, 2]), (tf.ones([2, 2]), [3, 2, 2])]:
    print(to_shape(value, shape).numpy().tolist())
