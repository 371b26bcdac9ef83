# A Python assert on a tensor condition inside tf.function is not converted: bool() of a tensor fails.
import tensorflow as tf


@tf.function
def checked_double(x):
    assert x > 0, "x must be positive"
    return x * 2


print("calling checked_double")
print(checked_double(tf.constant(3)))
print("not reached")
