# Stacking an empty TensorArray whose element shape is not fully known is the
# kernel's InvalidArgumentError; with elements, or a known element shape, it
# works.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                              tf.TensorSpec([], tf.int32)])
def g(x, n):
    acc = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in tf.range(n):
        acc = acc.write(i, x * tf.cast(i, tf.float32))
    return acc.stack()


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def known(n):
    acc = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in tf.range(n):
        acc = acc.write(i, tf.ones([2]))
    return acc.stack()


print(g(tf.constant([1.0, 2.0, 3.0]), tf.constant(2)))
print(known(tf.constant(0)))
try:
    g(tf.constant([1.0, 2.0, 3.0]), tf.constant(0))
except tf.errors.InvalidArgumentError as e:
    print([line for line in str(e).splitlines() if line.startswith("Tried")])
