# A tensor if that sets a variable to a tensor in one branch and None in the other is an error.
import tensorflow as tf


@tf.function
def maybe(x):
    if x > 0:
        y = x
    else:
        y = None
    return y


print("calling maybe")
print(maybe(tf.constant(1)))
print("not reached")
