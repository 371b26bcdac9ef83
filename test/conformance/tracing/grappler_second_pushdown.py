# After MinimizeBroadcasts, grappler's second round of constant folding
# pushes a constant that multiplies a product of two operands down next to
# the one second in name order: with a, b and the folded 2.25 all of one
# element, `a * 1.5 * 1.5 * b` computes a * (2.25 * b), not (b * a) * 2.25.
# The bits of each result are summed so that one rounding difference shows.
import tensorflow as tf


@tf.function
def f(a, b):
  return a * 1.5 * 1.5 * b


@tf.function
def g(a, b):
  return b * 1.5 * 1.5 * a


@tf.function
def h(a, b, c):
  return a * 1.7 * b * c


def bits(t):
  return int(tf.reduce_sum(tf.bitcast(t, tf.int32) % 1000))


for sa, sb in [([1], [1]), ([], [3]), ([3], []), ([1, 1], [1]), ([2], [2]),
               ([1], []), ([], [1]), ([], [])]:
  total = [0, 0, 0]
  for seed in range(40):
    a = tf.random.stateless_uniform(sa, [seed, 2]) + 1
    b = tf.random.stateless_uniform(sb, [seed, 4]) + 1
    total[0] += bits(f(a, b))
    total[1] += bits(g(a, b))
    total[2] += bits(h(a, b, a))
  print(sa, sb, total)
print(f(tf.constant([1.3209733963012695]),
        tf.constant([2.0643625259399414])).numpy().tolist())
