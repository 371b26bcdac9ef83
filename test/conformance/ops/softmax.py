# tf.nn.softmax on the last axis and a chosen axis, on values with exactly representable results.
import tensorflow as tf


@tf.function
def sm(x):
    return tf.nn.softmax(x), tf.nn.softmax(x, axis=0)


a, b = sm(tf.constant([[0.0, 0.0], [5.0, 5.0]]))
print(a)
print(tf.round(b * 10000.0))
print(tf.nn.softmax(tf.constant([1.0, 1.0, 1.0, 1.0])))
print(tf.nn.softmax(tf.constant([[2.0], [3.0]])))
p = tf.nn.softmax(tf.constant([0.0, 1.0, 2.0, 3.0]))
print(tf.round(p * 1000.0))
print(tf.reduce_sum(tf.round(p * 100.0)))
print(tf.argmax(p))
