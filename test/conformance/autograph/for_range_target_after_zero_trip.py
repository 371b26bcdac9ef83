# A tf.range loop's target read after the loop: the last value, or the start when no iteration ran.
import tensorflow as tf


@tf.function
def last_visited(a, b):
    for i in tf.range(a, b, 2):
        pass
    return i


print(last_visited(tf.constant(7), tf.constant(3)))
print(last_visited(tf.constant(1), tf.constant(6)))
