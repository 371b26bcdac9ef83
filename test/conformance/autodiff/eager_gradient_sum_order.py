# Eagerly the tape sums the gradients reaching a tensor in the order they
# arrive, and tf.add_n is one AddN op whose gradient reaches its inputs in
# order, so [1e8, 3, -1e8] sums to 0 and [1e8, -1e8, 3] to 3 in float32.
import tensorflow as tf

x = tf.constant(1.0)


def through_add_n(cs):
  with tf.GradientTape() as t:
    t.watch(x)
    y = tf.add_n([x * c for c in cs])
  return t.gradient(y, x).numpy().tolist()


def through_targets(cs):
  with tf.GradientTape() as t:
    t.watch(x)
    ys = [x * c for c in cs]
  return t.gradient(ys, x).numpy().tolist()


for cs in [[3.0, 1e8, -1e8], [1e8, 3.0, -1e8], [1e8, -1e8, 3.0],
           [0.5, 3.0, 1e8, -1e8], [1e8, 3.0, -1e8, 0.5, 0.25]]:
  print(cs, through_add_n(cs), through_targets(cs))

# SquaredDifference is one op on the tape, as TensorFlow records it.
a = tf.constant([1.5, -2.0, 0.25])
b = tf.constant([0.5, 1.0, -1.0])
with tf.GradientTape(persistent=True) as t:
  t.watch([a, b])
  d = tf.math.squared_difference(a, b)
  s = tf.reduce_sum(d * tf.constant([1.0, 2.0, 3.0]))
print(t.gradient(s, [a, b]))
