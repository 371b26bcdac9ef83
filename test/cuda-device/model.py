# Functions for the cuda target's check on a real GPU
# (scripts/cuda-device-check.sh): what docs/cuda.md says becomes kernels,
# each called with the inputs that script makes, compared with the CPU
# library's results.
import tensorflow as tf

w = tf.Variable(tf.reshape(tf.range(48 * 32, dtype=tf.float32) % 7.0 - 3.0,
                           [48, 32]) / 10.0)
b = tf.Variable(tf.linspace(-1.0, 1.0, 32))
k = tf.Variable(tf.reshape(tf.range(3 * 3 * 3 * 4, dtype=tf.float32) % 5.0
                           - 2.0, [3, 3, 3, 4]) / 4.0)


@tf.function(input_signature=[tf.TensorSpec([None, 48], tf.float32)])
def dense(x):
  return tf.nn.relu(x @ w + b)


@tf.function(input_signature=[tf.TensorSpec([None, 48], tf.float32)])
def reductions(x):
  return (tf.reduce_sum(x), tf.reduce_mean(x, axis=0),
          tf.reduce_max(x, axis=1), tf.reduce_logsumexp(x, axis=1),
          tf.reduce_prod(x[:2, :4]))


@tf.function(input_signature=[tf.TensorSpec([None, 48], tf.float32)])
def activations(x):
  return (tf.nn.softmax(x), tf.tanh(x) + tf.sigmoid(x),
          tf.exp(x / 4.0) + tf.math.log1p(tf.abs(x)),
          tf.sqrt(tf.abs(x)) + tf.math.rsqrt(tf.abs(x) + 1.0),
          tf.math.erf(x) + tf.math.atanh(tf.clip_by_value(x, -0.9, 0.9)))


@tf.function(input_signature=[tf.TensorSpec([None, 8, 8, 3], tf.float32)])
def conv(x):
  y = tf.nn.conv2d(x, k, strides=1, padding="SAME")
  return tf.nn.max_pool2d(tf.nn.relu(y), 2, 2, "VALID")


@tf.function(input_signature=[tf.TensorSpec([None, 48], tf.float32),
                              tf.TensorSpec([5], tf.int32)])
def shapes(x, rows):
  picked = tf.gather(x, rows % tf.shape(x)[0])
  return (tf.concat([picked, picked * 2.0], axis=1),
          tf.transpose(x[1:, ::2]), tf.reverse(x, axis=[1]))


@tf.function(input_signature=[tf.TensorSpec([None, 48], tf.float32)])
def loop(x):
  i = tf.constant(0)
  h = tf.zeros_like(x[0])
  while i < tf.shape(x)[0]:
    h = tf.tanh(h * 0.5 + x[i])
    i += 1
  return h


@tf.function(input_signature=[tf.TensorSpec([None, 48], tf.float32)])
def half(x):
  h = tf.cast(x, tf.float16)
  return tf.cast(tf.reduce_sum(h * h, axis=1), tf.float32)


@tf.function(input_signature=[tf.TensorSpec([None, 48], tf.float32),
                              tf.TensorSpec([None], tf.int32)])
def train(x, labels):
  with tf.GradientTape() as tape:
    logits = x @ w + b
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits))
  gw, gb = tape.gradient(loss, [w, b])
  w.assign_sub(0.1 * gw)
  b.assign_sub(0.1 * gb)
  return loss
