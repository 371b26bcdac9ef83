# Grappler merges equal expressions (common subexpression elimination,
# constants of equal value included) before it regroups multiplication
# chains: a product that is also returned on its own has two uses then, so
# the chain around it keeps its order.
import numpy as np
import tensorflow as tf

rs = np.random.RandomState(3)
x = tf.constant(rs.randn(64).astype(np.float32))
y = tf.constant(rs.randn(64).astype(np.float32))
s = tf.constant(rs.randn(1).astype(np.float32))


@tf.function
def shared_scale(x, y):
  return 0.3 * x * y, 0.3 * x


@tf.function
def single(x, y):
  return 0.3 * x * y


@tf.function
def shared_product(x, y, s):
  return x * y * s, x * y


print(shared_scale(x, y)[0].numpy().tolist())
print(single(x, y).numpy().tolist())
print(shared_product(x, y, s)[0].numpy().tolist())

z = tf.constant(np.linspace(-14, -12, 201).astype(np.float32))


@tf.function
def gelu_and_half(t):
  return tf.nn.gelu(t), 0.5 * t


@tf.function
def both_gelus(t):
  return tf.nn.gelu(t), tf.nn.gelu(t, approximate=True)


print(gelu_and_half(z)[0].numpy().tolist())
print(both_gelus(z)[0].numpy().tolist())
