# tf.gather with batch_dims (each batch element gathers from its own
# params) and on axes past 0, with their gradients: the slices summed
# into the params' shape in the order of the indices.
import tensorflow as tf

p = tf.reshape(tf.range(24.0), [2, 3, 4])
i = tf.constant([[2, 0], [1, 1]])
print(tf.gather(p, i, batch_dims=1))
print(tf.gather(p, i, axis=2, batch_dims=1))
print(tf.gather(p, tf.constant([[1, 0, 3], [3, 3, 2]]), axis=-1, batch_dims=-1))
print(tf.gather(p, tf.constant([[[3, 0], [1, 1], [2, 2]], [[0, 0], [1, 2], [3, 3]]]),
                axis=2, batch_dims=2))


@tf.function
def pick(p, i, **kw):
  return tf.gather(p, i, **kw)


print(pick(p, i, batch_dims=1))
print(pick(p, tf.constant([2, 0, 2, 1]), axis=1))

for kw in [dict(batch_dims=3), dict(batch_dims=-3)]:
  try:
    print(tf.gather(p, i, **kw))
  except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", e)
  try:
    print(pick(p, i, **kw))
  except ValueError as e:
    print("ValueError:", str(e).splitlines()[-1])
try:
  tf.gather(p, tf.constant([[2, 0], [1, 1], [0, 0]]), batch_dims=1)
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError:", e)
for bad in [[[2, 0], [1, 1], [0, 0]], [[2, 5], [1, 1]]]:
  try:
    pick(p, tf.constant(bad), batch_dims=1)
  except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", str(e).splitlines()[-2])

# Gradients, with repeated indices summed in order.
v = tf.Variable(p)
w = tf.random.stateless_normal([2, 3, 5], seed=[7, 8])
with tf.GradientTape() as t:
  y = tf.gather(v, [[2, 0, 2, 2, 1], [3, 3, 0, 3, 3]], axis=2, batch_dims=1)
  l = tf.reduce_sum(y * w)
print(t.gradient(l, v))
with tf.GradientTape() as t:
  y = tf.gather(v, [2, 0, 2], axis=1)
  l = tf.reduce_sum(y * tf.reshape(tf.range(24.0), [2, 3, 4]))
print(t.gradient(l, v))


@tf.function
def step(x, idx):
  with tf.GradientTape() as t:
    t.watch(x)
    y = tf.gather(x, idx, axis=1)
    l = tf.reduce_sum(tf.sin(y))
  return t.gradient(l, x)


print(step(tf.random.stateless_normal([3, 6], seed=[1, 1]),
           tf.constant([[5, 1, 5], [0, 5, 5]])))
