# tf.identity returns an equal tensor of the same dtype and shape, eagerly and traced.
import tensorflow as tf


@tf.function
def ident(x):
    y = tf.identity(x)
    print("traced identity of", y.dtype, y.shape)
    return y


print(ident(tf.constant([1, 2])))
print(ident(tf.constant([[True]])))
print(ident(tf.constant("s")))
print(tf.identity(tf.constant(2.5, dtype=tf.float64)))
