# Grappler regroups multiplication and addition trees whose shapes have
# dimensions known at run time only, comparing them symbolically: a
# dimension that comes from the same input dimension (through elementwise
# ops, broadcasts, reductions that keep it, BiasAdd) counts as equal. A
# layer norm over a `None` batch rounds as with a static one.
import numpy as np
import tensorflow as tf

rs = np.random.RandomState(92)
x = tf.constant(rs.randn(16, 4, 32).astype(np.float32) * 2 + 1)
scale = tf.constant(rs.uniform(0.5, 1.5, 32).astype(np.float32))
offset = tf.constant(rs.randn(32).astype(np.float32))
bias = tf.constant(rs.randn(32).astype(np.float32))


def layer_norm(h):
  mu, var = tf.nn.moments(h, axes=[-1], keepdims=True)
  return (h - mu) / tf.sqrt(var + 1e-6) * scale + offset


def chains(h):
  e = tf.exp(h[0, 0])
  return (0.3 * h[0, 0] * e, 0.3 * e * h[0, 0],
          tf.nn.bias_add(h, bias) * tf.reduce_max(h, axis=-1, keepdims=True) *
          scale)


for fn in [layer_norm, chains]:
  dynamic = tf.function(
      fn, input_signature=[tf.TensorSpec([None, None, 32], tf.float32)])
  static = tf.function(fn)
  for a, b in zip(tf.nest.flatten(dynamic(x)), tf.nest.flatten(static(x))):
    print(a.numpy().reshape(-1).tolist()[::7])
    print(bool(tf.reduce_all(a == b)))

half = tf.constant(np.linspace(-6, 2, 33).astype(np.float16))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float16)])
def gelu(t):
  return tf.nn.gelu(t), 0.5 * t * tf.math.erfc(-t * 0.7071)


for r in gelu(half):
  print(r.numpy().tolist())
