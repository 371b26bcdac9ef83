# tf.random.Generator inside tf.functions: the state is a variable of each
# function, read and moved on by every draw, with shapes known at trace time
# or at run time, in a staged loop, and across eager draws between calls.
import tensorflow as tf

g = tf.random.Generator.from_seed(42)

@tf.function
def noise(x):
  return x + g.normal(tf.shape(x)), g.uniform([2], minval=-1.0, maxval=1.0)

@tf.function
def ints(n):
  return g.uniform([n, 2], minval=0, maxval=100, dtype=tf.int64), g.uniform_full_int([3], dtype=tf.int32)

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def dyn(x):
  return g.uniform(tf.shape(x), dtype=tf.float64), g.truncated_normal([3]), g.make_seeds(2)

print(noise(tf.zeros([3])))
print(g.state.numpy())
print(noise(tf.zeros([2, 2])))
print(g.state.numpy())
print(g.normal([2]))
print(noise(tf.zeros([3])))
print(ints(2))
print(ints(3))
print(g.state.numpy())
print(dyn(tf.zeros([5])))
print(dyn(tf.zeros([1])))
print(g.state.numpy())

@tf.function
def skipper():
  old = g.skip(3)
  return old, g.key

print(skipper())
print(g.state.numpy())
g.reset_from_seed(2)

@tf.function
def loop(n):
  total = tf.zeros([2])
  for i in tf.range(n):
    total += g.uniform([2])
  return total

print(loop(tf.constant(3)))
print(g.state.numpy())
h = tf.random.Generator.from_state([-1, 5, 9], alg="philox")
@tf.function
def wrap():
  return h.uniform([3])
print(wrap(), h.state.numpy())
