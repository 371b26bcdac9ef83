# The most negative integer divided by -1 wraps to itself and its
# remainder is 0, as in TensorFlow's kernels (it used to trap), eagerly and
# in a tf.function; unsigned division by 255 is not a division by -1.
import tensorflow as tf
print(tf.constant([200], tf.uint8) // tf.constant([3], tf.uint8), tf.constant([200], tf.uint8) % tf.constant([255], tf.uint8), tf.constant([200], tf.uint8) // tf.constant([255], tf.uint8))
x = tf.constant([-2147483648, 7, -7], tf.int32)
print(x // -1, x % -1, tf.math.truediv(x, -1))
@tf.function
def f(a, b):
    return a // b, a % b
print(f(x, tf.constant([-1, -1, 2])))
y = tf.constant([-9223372036854775807 - 1], tf.int64)
print(y // -1, y % -1)
