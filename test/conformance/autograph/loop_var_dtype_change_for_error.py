# A staged for loop whose loop variable changes dtype (int32 to float64) in the body is an error.
import tensorflow as tf


@tf.function
def running_mean(n):
    mean = tf.constant(0)
    for i in tf.range(n):
        mean = (tf.cast(mean, tf.float64) + tf.cast(i, tf.float64)) / 2.0
    return mean


print("calling running_mean")
print(running_mean(tf.constant(4)))
print("not reached")
