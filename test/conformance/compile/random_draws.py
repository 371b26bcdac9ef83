# Seeded stateful random ops in functions with input_signatures: each call
# continues the kernels' Philox sequences, and a truncated normal redraws
# until its values are below 2 in magnitude.
# test/lit/cli/compile-random.test makes the same calls on the library kiln
# compile makes of this script, and expects the same output.
import sys

import tensorflow as tf

tf.random.set_seed(5)


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def jitter(x):
    noise = tf.random.truncated_normal(tf.shape(x), stddev=0.5)
    tf.print("jitter", x + noise, summarize=-1, output_stream=sys.stdout)
    return x + noise


@tf.function(input_signature=[])
def draws():
    t = tf.random.truncated_normal([9], dtype=tf.float64)
    u = tf.random.uniform([3])
    n = tf.random.normal([2, 2])
    tf.print("draws", t, u, n, summarize=-1, output_stream=sys.stdout)
    return t


if __name__ == "__main__":
    jitter(tf.zeros([2, 3]))
    jitter(tf.ones([3, 3]))
    draws()
    draws()
