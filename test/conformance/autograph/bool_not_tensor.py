# not on a tensor condition inside tf.function is staged as a logical not.
import tensorflow as tf


@tf.function
def odd_or_zero(x):
    if not x % 2 == 0:
        return x
    return tf.zeros_like(x)


@tf.function
def negate(flag):
    return not flag


print(odd_or_zero(tf.constant(7)))
print(odd_or_zero(tf.constant(8)))
print(negate(tf.constant(True)))
print(negate(tf.constant(False)))
