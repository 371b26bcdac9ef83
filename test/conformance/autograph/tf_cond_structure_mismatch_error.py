# tf.cond with branches returning different numbers of outputs is an error.
import tensorflow as tf


@tf.function
def pick(x):
    return tf.cond(x > 0, lambda: (x, x), lambda: x)


print("calling pick")
print(pick(tf.constant(5)))
print("not reached")
