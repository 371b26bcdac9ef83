# tf.math.unsorted_segment_sqrt_n: the sums over the square root of each
# segment's row count (at least 1), eagerly and in a tf.function.
import tensorflow as tf
d = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(tf.math.unsorted_segment_sqrt_n(d, [0, 2, 0], 3))
print(tf.math.unsorted_segment_sqrt_n(tf.constant([1.0, 2.0, 3.0, 4.0]), tf.constant([1, 1, 1, 0]), 2))
@tf.function
def f(x, i):
    return tf.math.unsorted_segment_sqrt_n(x, i, 4)
print(f(d, tf.constant([3, 3, 1])))
