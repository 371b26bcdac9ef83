# Grappler merges equal expressions before constant folding and its
# arithmetic rewrites, which then count the merged uses: a shared `x - c`
# keeps its constant (no push-down), and sums whose pushed-down parts only
# look alike afterwards still regroup on their own.
import numpy as np
import tensorflow as tf

c = np.linspace(0.1, 2.0, 301).astype(np.float32)
x = tf.constant(np.linspace(-3.0, 3.0, 301).astype(np.float32))
y = tf.constant(np.linspace(5.0, -2.0, 301).astype(np.float32))


def bits(t):
  return int(tf.reduce_sum(tf.cast(tf.bitcast(t, tf.int32), tf.int64)))


@tf.function
def shared_difference(x):
  return (x - tf.constant(c)) + 0.1, 0.3 - (x - tf.constant(c))


@tf.function
def shared_scalar_difference(x):
  return (x - 0.7) + 0.1, 0.3 - (x - 0.7)


@tf.function
def sibling_chains(x, y):
  return x + 0.1 + y + 0.2, x - 0.1 - y - 0.2


@tf.function
def single_use(x):
  return (x - tf.constant(c)) + 0.1


for f in [shared_difference, shared_scalar_difference]:
  print([bits(t) for t in f(x)])
print([bits(t) for t in sibling_chains(x, y)])
print(bits(single_use(x)))
a, b = shared_difference(x)
print(a.numpy()[[50, 200]].tolist(), b.numpy()[[1, 200]].tolist())
