# Larger functions for the cuda device check's timings
# (scripts/cuda-device-check.sh): each makes its tensors from its argument,
# the number of elements, so that a call's text stays short and the tensors
# are not constants folded into the library; each returns a few numbers,
# which are compared with the CPU library's like the check's other results.
import tensorflow as tf


def waves(n, scale=0.001):
  return tf.sin(tf.cast(tf.range(n), tf.float32) * scale)


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def matmul_512(n):
  a = tf.reshape(waves(n), [512, 512])
  return tf.reduce_mean(tf.abs(a @ a), axis=0)[:4]


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def elementwise_4m(n):
  x = waves(n)
  y = tf.tanh(x) * tf.exp(-x * x) + tf.sigmoid(x * 3.0)
  return tf.reduce_mean(y), tf.reduce_max(y)


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def rows_1024(n):
  x = tf.reshape(waves(n), [1024, 1024])
  return tf.reduce_sum(tf.nn.softmax(x, axis=1), axis=0)[:4]


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def conv_32(n):
  x = tf.reshape(waves(n), [8, 32, 32, 16])
  k = tf.reshape(waves(3 * 3 * 16 * 32, 0.0005), [3, 3, 16, 32])
  y = tf.nn.relu(tf.nn.conv2d(x, k, strides=1, padding="SAME"))
  return tf.reduce_mean(y, axis=[0, 1, 2])[:4]
