# tf.one_hot with a depth known at run time only: a negative one is the
# kernel's error (it returned an empty tensor), others work.
import tensorflow as tf


@tf.function
def oh(d):
    return tf.one_hot([1, 0], d)


print(oh(tf.constant(3)))
try:
    oh(tf.constant(-1))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", str(e).split("\n")[-2])
