# Branches of a tensor if assigning a variable with different dtypes is an error.
import tensorflow as tf


@tf.function
def mixed(x):
    if x > 0:
        y = tf.constant(1)
    else:
        y = tf.constant(1.5)
    return y


print("calling mixed")
print(mixed(tf.constant(2)))
print("not reached")
