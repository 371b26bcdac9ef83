# Using a symbolic tensor as a Python bool with autograph=False is an error.
import tensorflow as tf


@tf.function(autograph=False)
def relu_ish(x):
    if x > 0:
        return x
    return x * 0


print(relu_ish(tf.constant(3)))
print("not reached")
