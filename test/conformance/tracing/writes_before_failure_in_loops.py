# A check that fails inside a staged loop (an assertion, an index out of
# range, check_numerics) stops the loop at that iteration. The variable
# writes of the earlier iterations stay, and so do the failing iteration's
# writes that did not need the failed op, as in TensorFlow, which has no
# transaction. kiln dropped every write the loop made.
import tensorflow as tf

v = tf.Variable(0)
w = tf.Variable(0)


def attempt(f, *args):
  try:
    f(*args)
  except tf.errors.InvalidArgumentError:
    print("error")
  print(f.__name__, v.numpy(), w.numpy())
  v.assign(0)
  w.assign(0)


@tf.function
def write_then_assert(n):
  for i in tf.range(n):
    v.assign_add(1)
    tf.debugging.assert_less(i, 3)
    w.assign_add(10)


@tf.function
def assert_then_write(n):
  for i in tf.range(n):
    tf.debugging.assert_less(i, 3)
    v.assign_add(1)


@tf.function
def guarded_write(n):
  for i in tf.range(n):
    a = tf.debugging.assert_less(i, 3)
    with tf.control_dependencies([a]):
      v.assign_add(1)
    w.assign_add(1)


@tf.function
def while_statement(n):
  i = tf.constant(0)
  while i < n:
    v.assign(v + i)
    tf.debugging.assert_less(i, 4)
    i += 1
  w.assign(i)


@tf.function
def gather_in_loop(n):
  t = tf.constant([1, 2, 3])
  for i in tf.range(n):
    v.assign_add(1)
    w.assign_add(tf.gather(t, i))


@tf.function
def nested_loops(n):
  for i in tf.range(n):
    for j in tf.range(n):
      v.assign_add(1)
      tf.debugging.assert_less(i * n + j, 5)
    w.assign_add(1)


@tf.function
def write_after_loop(n):
  for i in tf.range(n):
    v.assign_add(1)
    tf.debugging.assert_less(i, 2)
  v.assign_add(100)
  w.assign(7)


@tf.function
def loop_value_written(n):
  s = tf.constant(0)
  for i in tf.range(n):
    s = s + i
    tf.debugging.assert_less(i, 3)
    v.assign(s)
  w.assign(s)


@tf.function
def check_numerics_in_loop(n):
  x = tf.constant(1.0)
  for i in tf.range(n):
    v.assign_add(1)
    x = tf.debugging.check_numerics(x * 1e30, "big")
    w.assign_add(1)


@tf.function
def while_loop_api(n):
  def cond(i):
    return i < n

  def body(i):
    v.assign_add(1)
    tf.debugging.assert_less(i, 2)
    return i + 1

  tf.while_loop(cond, body, [tf.constant(0)])


@tf.function
def assert_in_condition(n):
  def cond(i):
    with tf.control_dependencies([tf.debugging.assert_less(i, 3)]):
      return i < n

  def body(i):
    v.assign_add(1)
    return i + 1

  tf.while_loop(cond, body, [tf.constant(0)])


@tf.function
def float_range(n):
  for x in tf.range(0.0, tf.cast(n, tf.float32)):
    v.assign_add(1)
    tf.debugging.assert_less(x, 2.5)


@tf.function
def branch_in_loop(n):
  for i in tf.range(n):
    if i % 2 == 0:
      v.assign_add(1)
    else:
      w.assign_add(1)
    tf.debugging.assert_less(i, 4)


# (A loop that does not need a failed op may or may not run in TensorFlow,
# whose executor runs independent ops concurrently; one that needs it never
# runs.)
@tf.function
def loop_needs_failure(n, x):
  y = tf.debugging.assert_positive(x)
  with tf.control_dependencies([y]):
    m = tf.identity(n)
  for i in tf.range(m):
    v.assign_add(1)
  w.assign(1)


for f in [write_then_assert, assert_then_write, guarded_write,
          while_statement, gather_in_loop, nested_loops, write_after_loop,
          loop_value_written, check_numerics_in_loop, while_loop_api,
          assert_in_condition, float_range, branch_in_loop]:
  attempt(f, tf.constant(6))
attempt(loop_needs_failure, tf.constant(3), tf.constant(-1))
# Without a failure every iteration runs.
attempt(write_then_assert, tf.constant(2))
