# A Python float combined with an int32 tensor inside a Function cannot be converted.
import tensorflow as tf


@tf.function
def scale(x):
    return x * 0.5


print(scale(tf.constant([1.0, 2.0])))
print(scale(tf.constant([1, 2])))
print("not reached")
