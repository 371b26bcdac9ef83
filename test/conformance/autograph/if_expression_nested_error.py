# A conditional expression inside an arm of another one is left unconverted
# by AutoGraph, so its tensor condition is used as a Python bool.
import tensorflow as tf


@tf.function
def bucket(x):
    return x * 2 if x > 0 else (x - 1 if x < -5 else x)


print("calling bucket")
print(bucket(tf.constant(3)))
print("not reached")
