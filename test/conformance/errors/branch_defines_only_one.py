# A variable assigned in only one branch of a tensor-dependent if and used after it.
import tensorflow as tf


@tf.function
def pick(x):
    if x > 0:
        y = x * 2
    return y


print(pick(tf.constant(3)))
print("not reached")
