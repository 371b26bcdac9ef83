# tf.ensure_shape gives an argument of unknown rank a shape; a reduction of
# it, compiled once its shape is known, still returns the traced type.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def f(x):
    x = tf.ensure_shape(x, [None, 2])
    return tf.reduce_sum(x, axis=1)


print(f(tf.ones([3, 2])))
print(f(tf.ones([1, 2])))
try:
    f(tf.ones([2, 3]))
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[-1].split(" [Op:")[0])
