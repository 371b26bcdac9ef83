# Functions for typed_entry_checks.c: the typed entry points' validation,
# a result too large for memory, a function without results, int16.
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
