# A tf.function whose body branches and loops, called from another tf.function.
import tensorflow as tf


@tf.function
def clamp_sum(x):
    total = tf.constant(0)
    for i in tf.range(x):
        if i % 2 == 0:
            total += i
    return total


@tf.function
def outer(n):
    return clamp_sum(n) + clamp_sum(n + 1)


print(outer(tf.constant(5)))
print(outer(tf.constant(2)))
