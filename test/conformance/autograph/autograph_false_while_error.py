# With autograph=False, a while loop on a tensor condition needs bool() of a symbolic tensor: error.
import tensorflow as tf


@tf.function(autograph=False)
def countdown(n):
    while n > 0:
        n -= 1
    return n


print("calling countdown")
print(countdown(tf.constant(3)))
print("not reached")
