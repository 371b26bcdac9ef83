# Writing into a list of tensors by index inside staged loops and branches.
import tensorflow as tf


@tf.function
def bump(x):
    vals = [tf.constant(1), tf.constant(2)]
    i = tf.constant(0)
    while i < x:
        vals[1] = vals[1] * 2
        vals[0] += i
        i += 1
    if x > 3:
        vals[0] = vals[0] * 100
    return vals


print(bump(tf.constant(5)))
print(bump(tf.constant(2)))
