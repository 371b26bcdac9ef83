# tf.expand_dims at positive and negative axes; tf.squeeze of all or selected size-1 dims.
import tensorflow as tf


@tf.function
def es(x):
    a = tf.expand_dims(x, 0)
    b = tf.expand_dims(x, -1)
    c = tf.expand_dims(x, 1)
    print("traced", a.shape, b.shape, c.shape)
    return a, b, c


for r in es(tf.constant([[1, 2, 3]])):
    print(r)
y = tf.ones([1, 2, 1, 3, 1])
print(tf.squeeze(y).shape)
print(tf.squeeze(y, axis=0).shape)
print(tf.squeeze(y, axis=[2, 4]).shape)
print(tf.squeeze(tf.constant([[[7]]])))
print(tf.squeeze(tf.constant([[1.5], [2.5]]), axis=-1))
print(tf.expand_dims(tf.constant(3), 0))
