# A helper marked do_not_convert keeps its Python if: bool() of a symbolic tensor fails.
import tensorflow as tf


@tf.autograph.experimental.do_not_convert
def magnitude(x):
    if x >= 0:
        return x
    return -x


@tf.function
def distance(a, b):
    return magnitude(a - b)


print("calling distance")
print(distance(tf.constant(3), tf.constant(10)))
print("not reached")
