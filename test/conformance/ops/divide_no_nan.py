# tf.math.divide_no_nan: x / y, 0 where y is 0; integers divide as truediv.
import tensorflow as tf
x = tf.constant([1.0, 2.0, 0.0, -3.0])
y = tf.constant([2.0, 0.0, 0.0, 4.0])
print(tf.math.divide_no_nan(x, y))
print(tf.math.divide_no_nan(tf.constant(5.0), 0.0))
print(tf.math.divide_no_nan(tf.constant([[1.0], [4.0]]), tf.constant([2.0, 0.0])))


@tf.function
def precision(tp, fp):
    return tf.math.divide_no_nan(tp, tp + fp)


print(precision(tf.constant([3.0, 0.0]), tf.constant([1.0, 0.0])))
print(tf.math.divide_no_nan(tf.constant([1, 2]), tf.constant([1, 0])))
