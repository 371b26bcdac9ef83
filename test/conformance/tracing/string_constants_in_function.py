# A tf.function that computes numbers may also print and return string
# tensors made from constants: they are computed while tracing, the
# numbers compiled (a string that depends on an argument still is not).
import sys

import tensorflow as tf


@tf.function
def f(x):
    tf.print("step", x, output_stream=sys.stdout)
    tf.print(tf.constant("hi"), x * 2, tf.constant(["a", "b"]), output_stream=sys.stdout)
    label = tf.constant("pos")
    return x * 2, label, tf.strings.join([label, "itive"])


print(f(tf.constant(3)))
print(f(tf.constant(4)))
