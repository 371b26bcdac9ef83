# A check that fails inside a staged branch, or after a variable's first
# write in the function, leaves the variable with its value after the last
# write that ran: writes that did not need the failed op stay, as in
# TensorFlow. kiln kept the variable's value from before the call.
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
def in_branch(x):
  if x > 0:
    v.assign(5)
    tf.debugging.assert_less(x, 3)
    w.assign(6)
  else:
    v.assign(-1)


@tf.function
def guarded_in_branch(x):
  if x > 0:
    v.assign(5)
    a = tf.debugging.assert_less(x, 3)
    with tf.control_dependencies([a]):
      v.assign_add(1)
      w.assign(6)


@tf.function
def guarded_second_write(x):
  v.assign(1)
  a = tf.debugging.assert_less(x, 3)
  with tf.control_dependencies([a]):
    v.assign(2)
  w.assign_add(3)


@tf.function
def written_from_failed_value(x):
  v.assign(4)
  t = tf.constant([1, 2, 3])
  v.assign(tf.gather(t, x))
  w.assign(v + 1)


@tf.function
def cond_api(x):
  def yes():
    v.assign(9)
    tf.debugging.assert_less(x, 3)
    return tf.constant(1)

  def no():
    w.assign(9)
    return tf.constant(0)

  return tf.cond(x > 0, yes, no)


for f in [in_branch, guarded_in_branch, cond_api]:
  attempt(f, tf.constant(5))
  attempt(f, tf.constant(1))
for f in [guarded_second_write, written_from_failed_value]:
  attempt(f, tf.constant(5))
  attempt(f, tf.constant(1))
