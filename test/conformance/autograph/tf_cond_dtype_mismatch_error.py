# tf.cond with branches returning different dtypes is an error.
import tensorflow as tf


@tf.function
def pick(x):
    return tf.cond(x > 0, lambda: tf.constant(1), lambda: tf.constant(1.0))


print("calling pick")
print(pick(tf.constant(5)))
print("not reached")
