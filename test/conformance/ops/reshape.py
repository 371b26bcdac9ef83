# tf.reshape with explicit shapes, -1 inference, to and from scalars; static shapes when traced.
import tensorflow as tf


@tf.function
def shapes(x):
    a = tf.reshape(x, [3, 2])
    b = tf.reshape(x, [-1])
    c = tf.reshape(x, [2, -1, 1])
    print("traced shapes", a.shape, b.shape, c.shape)
    return a, b, c


for r in shapes(tf.reshape(tf.range(6), [2, 3])):
    print(r)
print(tf.reshape(tf.constant([5.5]), []))
print(tf.reshape(tf.constant(5.5), [1, 1]))
print(tf.reshape(tf.range(8), (2, 2, 2)))
print(tf.reshape(tf.zeros([2, 0]), [0, 5]).shape)
