# tf.print inside staged loops and branches formats each dtype and rank as TensorFlow's PrintV2 does.
# test/lit/autograph/compile-host-calls.test calls the same functions in a compiled library.
import sys

import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def floats(x):
    for i in tf.range(2):
        scaled = x * tf.cast(i + 1, tf.float32)
        tf.print("step", i, scaled, output_stream=sys.stdout)
        tf.print(tf.cast(x, tf.float64) / 3.0, tf.cast(x, tf.float16),
                 tf.cast(x, tf.bfloat16), sep=" | ", output_stream=sys.stdout)
    return x


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
def matrices(m):
    n = tf.constant(0)
    while n < 2:
        tf.print(m + n, summarize=2, output_stream=sys.stdout)
        tf.print(m > n, tf.cast(m, tf.int64) * 1000000000000, tf.cast(m, tf.int8),
                 output_stream=sys.stdout, end=";\n")
        n += 1
    return n


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def summarized(v):
    total = 0
    for x in v:
        if x % 4 == 0:
            tf.print("at", x, "v =", v, output_stream=sys.stdout)
            tf.print("all:", v, summarize=-1, output_stream=sys.stdout)
            tf.print(tf.reshape(v, [2, 2, -1]), output_stream=sys.stdout)
        total += x
    return total


@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def empties(x):
    i = tf.constant(0)
    while i < 1:
        tf.print("empty:", x[:0], "bools:", x[:0] > 0, "end", output_stream=sys.stdout)
        tf.print("scalar", x[0], tf.cast(x[0], tf.float64), output_stream=sys.stdout)
        i += 1
    return i


if __name__ == "__main__":
    floats(tf.constant([1.0, -0.0, 0.1, 1e-5, 123456.789, 1e-45, float("nan"), float("-inf")]))
    matrices(tf.constant([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12], [-13, -14, -15]]))
    summarized(tf.range(12))
    empties(tf.constant([2.5, 3.0]))
