# A variable assigned only in the else branch of a tensor if and used after it is an error.
import tensorflow as tf


@tf.function
def pick(x):
    if x > 0:
        print("trace: then branch assigns nothing")
    else:
        z = -x
    return z


print("calling pick")
print(pick(tf.constant(3)))
print("not reached")
