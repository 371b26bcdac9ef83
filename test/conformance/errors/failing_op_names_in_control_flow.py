# The node a run-time error names, inside staged control flow. AutoGraph
# guards what follows an `if` that breaks or continues with an `if` of its
# own, so the ops there are in `cond_1`; a variable's scatter is named in
# its scope; a slice assignment's op is named in a scope of the slice's
# full name, opened inside the current scope.
import tensorflow as tf

v = tf.Variable([0, 0, 0, 0, 0])
w = tf.Variable([0.0, 0.0])
count = tf.Variable(0)


def attempt(f, *args):
  try:
    f(*args)
    print(f.__name__, "ok")
  except tf.errors.InvalidArgumentError as e:
    lines = [l.strip() for l in str(e).splitlines() if "{{node" in l]
    print(f.__name__, lines[-1].split(" [Op:")[0])
  print(v.numpy(), w.numpy(), count.numpy())


@tf.function
def checked_after_break(n, bad):
  for i in tf.range(n):
    if i == 8:
      break
    count.assign_add(1)
    tf.debugging.assert_none_equal(i, bad, message="bad i")


@tf.function
def checked_after_continue(n):
  i = tf.constant(0)
  while i < n:
    i += 1
    if i % 2 == 0:
      continue
    tf.debugging.assert_less(i, 5, message="odd i too big")
    count.assign_add(1)


@tf.function
def scatter_after_continue(idx):
  for i in tf.range(tf.size(idx)):
    if idx[i] < 0:
      continue
    v.scatter_nd_add([[idx[i]]], [1])


@tf.function
def slice_assign_in_loop(n):
  for i in tf.range(n):
    w[i].assign(tf.cast(i, tf.float32))


@tf.function
def slice_assign_in_scope(k):
  with tf.name_scope("outer"):
    w[k].assign(2.0)


attempt(checked_after_break, tf.constant(20), tf.constant(5))
attempt(checked_after_break, tf.constant(20), tf.constant(9))
attempt(checked_after_continue, tf.constant(9))
attempt(scatter_after_continue, tf.constant([0, -1, 4, 7, 2]))
attempt(slice_assign_in_loop, tf.constant(3))
attempt(slice_assign_in_scope, tf.constant(-3))
