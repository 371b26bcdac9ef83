# tf.argmax and argmin take bools (false < true), eagerly and in a function.
import tensorflow as tf
b = tf.constant([[True, False, True], [False, False, True]])
print(tf.argmax(b, axis=1), tf.argmin(b, axis=1), tf.argmax(b, axis=0))
@tf.function
def f(x):
    return tf.argmax(x, axis=1), tf.math.argmin(x, axis=0)
print(f(b))
