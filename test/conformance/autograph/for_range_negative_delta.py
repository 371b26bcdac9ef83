# for over tf.range with a negative delta counts down.
import tensorflow as tf


@tf.function
def countdown_digits(n):
    value = tf.constant(0)
    for i in tf.range(n, 0, -1):
        value = value * 10 + i
    return value


print(countdown_digits(tf.constant(5)))
print(countdown_digits(tf.constant(3)))
print(countdown_digits(tf.constant(1)))
