# Functions for typed_entry_checks.c: the typed entry points' validation,
# a result too large for memory, a function without results, int16, no
# print after a failed assertion.
import sys

import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([3])])
def affine(x, b):
    return x * 2.0 + b


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def square_zeros(n):
    return tf.zeros([n, n])


@tf.function(input_signature=[tf.TensorSpec([2])])
def log_it(x):
    tf.print("log_it", x)


@tf.function(input_signature=[tf.TensorSpec([3], tf.int16)])
def negate16(x):
    return -x


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.int32)])
def divide(a, b):
    return a // b, a % b


@tf.function(input_signature=[tf.TensorSpec([None])])
def checked_sqrt(x):
    # Called with a negative number only: the print after the failed check
    # must not run (typed-entry-checks fails on its text).
    tf.debugging.assert_non_negative(x)
    tf.print("ran past a failed assertion", output_stream=sys.stdout)
    return tf.sqrt(x)
