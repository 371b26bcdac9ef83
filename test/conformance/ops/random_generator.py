# tf.random.Generator eagerly: the state variable ([counter low, counter
# high, key]), each draw moving the counter 256 per element before the
# stateless kernel runs at the state it read, and the other methods.
import tensorflow as tf

g = tf.random.Generator.from_seed(1)
print(g.state, g.algorithm)
print(g.uniform([5]))
print(g.state)
print(g.uniform([3], dtype=tf.float64))
print(g.normal([5]))
print(g.uniform([2, 3], minval=0, maxval=10, dtype=tf.int32))
print(g.uniform([3], minval=-3, maxval=9, dtype=tf.int64))
print(g.uniform_full_int([3], dtype=tf.int64))
print(g.uniform_full_int([4], dtype=tf.int32))
print(g.truncated_normal([4]))
print(g.normal([3], mean=1.0, stddev=2.0, dtype=tf.float64))
print(g.uniform([3], minval=2.0, maxval=5.0))
print(g.uniform([], dtype=tf.float64))
print(g.state.numpy())

# Seeds: a Python int fills 64-bit words with its sign; other seeds sit
# after zeros.
for seed in [-5, 7, tf.constant(7), [1, 2], 1.5]:
  print(tf.random.Generator.from_seed(seed).state.numpy())

g = tf.random.Generator.from_seed(3)
print(g.skip(2), g.state.numpy())
print(g.make_seeds())
print(g.make_seeds(3))
a, b = g.split(2)
print(a.state.numpy(), b.state.numpy(), g.state.numpy())
print(a.normal([2]), b.uniform([2]))
g.reset_from_seed(3)
print(g.state.numpy(), g.key)
g.reset([4, 5, 6])
print(g.state.numpy())
g.reset_from_key_counter(key=5, counter=[6, 7])
print(g.state.numpy())
print(tf.random.Generator.from_state([10, 0, 1], alg="philox").uniform([2]))
print(tf.random.Generator(state=[10, 0, 1], alg=tf.random.Algorithm.PHILOX).state.numpy())
print(tf.random.Generator.from_key_counter(key=1, counter=[10, 0], alg=1).uniform([2]))
c = tf.random.Generator(copy_from=g)
print(c.uniform([2]), g.uniform([2]))
auto = tf.random.Generator.from_seed(3, alg="auto_select")
print(auto.algorithm, auto.uniform([2]))
print(isinstance(g, tf.random.Generator), isinstance(g.state, tf.Variable))
print(g.state.name, g.state.trainable, g.state.dtype, g.state.shape)
print(repr(tf.random.Algorithm.PHILOX), tf.random.Algorithm.PHILOX,
      tf.random.Algorithm.PHILOX.name, tf.random.Algorithm.PHILOX.value)

tf.random.set_global_generator(tf.random.Generator.from_seed(11))
print(tf.random.get_global_generator().normal([2]))
print(tf.random.get_global_generator().state.numpy())

# Errors: the counter has moved before the kernel checks its arguments.
g = tf.random.Generator.from_seed(4)
for attempt in [lambda: g.uniform([2], dtype=tf.int32),
                lambda: g.uniform([2], minval=5, maxval=3, dtype=tf.int32),
                lambda: g.uniform([-1]),
                lambda: g.normal([2], dtype=tf.int32),
                lambda: tf.random.Generator()]:
  try:
    attempt()
  except (ValueError, TypeError, AssertionError,
          tf.errors.InvalidArgumentError) as e:
    print(type(e).__name__, e)
  print(g.state.numpy())
