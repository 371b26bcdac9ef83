# A reshape that cannot fit names its node and its input as the graph does
# (the second reshape is Reshape_1; its input is mul, or inputs).
import tensorflow as tf


@tf.function
def f(inputs):
    a = tf.reshape(inputs, [3, 2])
    return tf.reshape(inputs * 2.0, [4, -1]), a


@tf.function
def g(inputs):
    return tf.reshape(inputs, [4, 5])


for fn in [f, g]:
    try:
        fn(tf.ones([2, 3]))
    except ValueError as e:
        print(str(e).splitlines()[-1])
