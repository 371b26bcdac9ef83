# tf.nn.experimental.stateless_dropout (tf.random.stateless_uniform's noise
# from a seed pair) and the `alg` argument of the stateless random ops.
import tensorflow as tf

x = tf.ones([3, 5])
print(tf.nn.experimental.stateless_dropout(x, rate=0.5, seed=[1, 0]))
print(tf.nn.experimental.stateless_dropout(x, rate=0.5, seed=[1, 0]))
x = tf.ones([3, 10])
print(tf.nn.experimental.stateless_dropout(x, rate=2/3, noise_shape=[1, 10], seed=[1, 0]))
print(tf.nn.experimental.stateless_dropout(x, 0.25, seed=[7, 3], rng_alg="philox"))
print(tf.nn.experimental.stateless_dropout(tf.ones([4], tf.float64), 0.5, [3, 4], rng_alg="auto_select"))
print(tf.nn.experimental.stateless_dropout(x, 0.0, seed=[1, 2]).shape)

@tf.function(input_signature=[tf.TensorSpec([None, 4]), tf.TensorSpec([2], tf.int32)])
def f(x, seed):
  return tf.nn.experimental.stateless_dropout(x, 0.5, seed)

print(f(tf.fill([2, 4], 2.0), tf.constant([5, 6])))
for bad in [1.0, -0.5]:
  try:
    tf.nn.experimental.stateless_dropout(x, bad, seed=[1, 0])
  except ValueError as e:
    print("ValueError:", e)
try:
  tf.nn.experimental.stateless_dropout(tf.ones([2], tf.int32), 0.5, seed=[1, 0])
except ValueError as e:
  print("ValueError:", e)

# The algorithms of the stateless ops: Philox and auto-select run on CPUs;
# ThreeFry's counter fails in the kernel.
for alg in ["foo", 5, 1, 3, "PHILOX", " auto-select", tf.random.Algorithm.PHILOX,
            tf.random.Algorithm.AUTO_SELECT, tf.random.Algorithm.THREEFRY, 2,
            "threefry", 1.5]:
  try:
    print(tf.random.stateless_uniform([2], seed=[3, 4], alg=alg))
    print(tf.random.stateless_normal([2], seed=[3, 4], alg=alg))
  except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
  tf.nn.experimental.stateless_dropout(x, 0.5, [3, 4], rng_alg="threefry")
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError", str(e).splitlines()[0])
