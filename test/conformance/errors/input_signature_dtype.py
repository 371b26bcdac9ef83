# Calling an input_signature Function with a tensor of the wrong dtype is an uncaught error.
import tensorflow as tf


@tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
def bump(v):
    print("tracing bump with", v)
    return v + 1


print(bump(tf.constant([1, 2, 3])))
print(bump(tf.constant([1.0, 2.0])))
print("not reached")
