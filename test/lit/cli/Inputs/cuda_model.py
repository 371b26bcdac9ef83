# A model for the cuda target's tests: elementwise ops, a reduction, a
# matrix product, math that libdevice computes, and a variable.
import tensorflow as tf

w = tf.Variable(tf.ones([3, 2]))


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32),
                              tf.TensorSpec([3], tf.float32)])
def layer(x, b):
  y = tf.nn.relu(x * 2.0 + b)
  return tf.reduce_sum(y, axis=1), tf.matmul(y, w)


@tf.function(input_signature=[tf.TensorSpec([4], tf.float32)])
def activations(x):
  return tf.tanh(x) + tf.math.atanh(x / 8.0) + tf.math.lgamma(x + 5.0)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def train(x):
  w.assign_add(tf.ones([3, 2]) * tf.reduce_sum(x))
  return tf.reduce_sum(w)
