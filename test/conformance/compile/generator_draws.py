# A tf.random.Generator in functions with input_signatures: its state is a
# variable the functions read and write, so each call continues the
# sequence. test/lit/cli/compile-generator.test makes the same calls on the
# library kiln compile makes of this script, and expects the same output.
import sys

import tensorflow as tf

generator = tf.random.Generator.from_seed(42)


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def noisy(x):
    out = x + generator.normal(tf.shape(x), stddev=0.1)
    tf.print("noisy", out, summarize=-1, output_stream=sys.stdout)
    return out


@tf.function(input_signature=[])
def draws():
    u = generator.uniform([3], dtype=tf.float64)
    k = generator.uniform([4], minval=0, maxval=10, dtype=tf.int64)
    t = generator.truncated_normal([2])
    tf.print("draws", u, k, t, summarize=-1, output_stream=sys.stdout)
    return k


if __name__ == "__main__":
    noisy(tf.zeros([1, 2]))
    draws()
    noisy(tf.ones([3, 2]))
    draws()
