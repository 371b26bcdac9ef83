# tf.squeeze of an axis whose size is not 1 inside a Function.
import tensorflow as tf


@tf.function
def sq(x):
    return tf.squeeze(x, axis=1)


print(sq(tf.ones([2, 1])))
print(sq(tf.ones([2, 3])))
print("not reached")
