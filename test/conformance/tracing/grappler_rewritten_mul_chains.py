# Grappler's SqrtDivToRsqrtMul and ConvertPow make multiplications that
# MinimizeBroadcasts then regroups with the chain around them, smallest
# operands first: `x / tf.sqrt(v) * scale` computes (rsqrt(v) * scale) * x,
# `c * x ** 3` computes (c * square(x)) * x. Eagerly nothing is regrouped.
import numpy as np
import tensorflow as tf

rs = np.random.RandomState(92)
x = tf.constant(rs.randn(4, 32).astype(np.float32) * 2 + 1)
v = tf.constant(rs.uniform(0.5, 2, (4, 1)).astype(np.float32))
scale = tf.constant(rs.uniform(0.5, 1.5, 32).astype(np.float32))
offset = tf.constant(rs.randn(32).astype(np.float32))


def layer_norm(h):
  mu, var = tf.nn.moments(h, axes=[-1], keepdims=True)
  return (h - mu) / tf.sqrt(var + 1e-6) * scale + offset


def scaled(x, v):
  return x / tf.sqrt(v) * scale, (2.0 * x) / tf.sqrt(v)


def cubic(x):
  return 0.044715 * tf.pow(x, 3.0), x + 0.044715 * x ** 3


line = tf.constant(np.linspace(-5, 5, 101).astype(np.float32))
for fn, args in [(layer_norm, (x,)), (scaled, (x, v)), (cubic, (line,))]:
  for run in [fn, tf.function(fn)]:
    out = run(*args)
    for t in (out if isinstance(out, tuple) else (out,)):
      print(t.numpy().reshape(-1).tolist())


@tf.function
def approximate_gelu(t):
  return tf.nn.gelu(t, approximate=True)


print(tf.nn.gelu(line, approximate=True).numpy().tolist())
print(approximate_gelu(line).numpy().tolist())
