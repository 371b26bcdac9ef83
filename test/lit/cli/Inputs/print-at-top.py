import sys

import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([3], tf.float32)])
def double(x):
    tf.print("x:", x)
    tf.print("sum", tf.reduce_sum(x), output_stream=sys.stdout)
    return x * 2.0
