# A Python int read but never assigned in a staged loop stays a Python value, not a loop variable.
import tensorflow as tf

STEP = 3


@tf.function
def scaled_sum(n):
    offset = 100
    total = tf.constant(0)
    for i in tf.range(n):
        total += i * STEP + offset
    print("trace: offset is still a Python int:", offset, isinstance(offset, int))
    return total


print(scaled_sum(tf.constant(2)))
print(scaled_sum(tf.constant(4)))
