# tf.where with three arguments (select, with broadcasting) and with one (indices).
import tensorflow as tf


@tf.function
def select(c, a, b):
    return tf.where(c, a, b)


print(select(tf.constant([True, False, True]), tf.constant([1, 2, 3]), tf.constant([-1, -2, -3])))
print(select(tf.constant([[True], [False]]), tf.constant([1.0, 2.0]), tf.constant(0.0)))
x = tf.constant([3, -1, 4, -1, 5])
print(tf.where(x > 0, x, tf.zeros_like(x)))
print(tf.where(x > 0))
print(tf.where(tf.constant([[True, False], [False, True]])))
