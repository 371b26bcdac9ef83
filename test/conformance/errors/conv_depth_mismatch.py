# conv2d with an input depth that is not a multiple of the filter's, inside
# a function: shape inference's ValueError while tracing (eagerly it is the
# kernel's InvalidArgumentError).
import tensorflow as tf

try:
    tf.nn.conv2d(tf.ones([1, 5, 5, 2]), tf.ones([3, 3, 3, 1]), 1, "SAME")
except tf.errors.InvalidArgumentError as e:
    print("eagerly:", e)


@tf.function
def f(x, k):
    return tf.nn.conv2d(x, k, 1, "SAME")


f(tf.ones([1, 5, 5, 2]), tf.ones([3, 3, 3, 1]))
