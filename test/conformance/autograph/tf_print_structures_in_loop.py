# tf.print of lists, tuples and dicts holding tensors inside a staged loop prints their values on every iteration.
import sys

import tensorflow as tf


@tf.function
def f(x):
    for i in tf.range(3):
        tf.print("step", [x + tf.cast(i, tf.float32), 1.5], {"i": (i,), "a": "s"},
                 sep=";", output_stream=sys.stdout)
    return x


f(tf.constant([1.0, 2.0]))
