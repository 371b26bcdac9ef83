# After one op of a call fails, the ops that did not need it still run, and
# some of them can fail too: a write needing any failed op does not happen.
# kiln remembered only the first failure, so an out-of-range `h[k].assign`
# after a failed assertion wrote its value to element 0.
import tensorflow as tf

count = tf.Variable(0)
h = tf.Variable([0, 0, 0, 0])
m = tf.Variable([[0, 0], [0, 0]])
s = tf.Variable([1, 2, 3])


def attempt(f, *args):
  try:
    f(*args)
    print(f.__name__, "ok")
  except tf.errors.InvalidArgumentError:
    print(f.__name__, "error")
  print(count.numpy(), h.numpy().tolist(), m.numpy().tolist(), s.numpy())


@tf.function
def slot(k):
  count.assign_add(1)
  tf.debugging.assert_less(count, 0, message="always fails")
  h[k].assign(count)


@tf.function
def cell(i, j):
  count.assign_add(1)
  tf.debugging.assert_less(count, 0, message="always fails")
  m[i, j].assign(count)


@tf.function
def scatter(k):
  tf.debugging.assert_equal(k, 0, message="k must be 0")
  s.scatter_nd_update([[k]], [7])


@tf.function
def in_loop(n):
  for i in tf.range(n):
    count.assign_add(1)
    tf.debugging.assert_less(i, 2)
    h[i + 1].assign(i)


for k in [4, -5, 2]:
  attempt(slot, tf.constant(k))
for i, j in [(2, 0), (0, 3), (1, 1)]:
  attempt(cell, tf.constant(i), tf.constant(j))
for k in [5, 2]:
  attempt(scatter, tf.constant(k))
attempt(in_loop, tf.constant(6))
