# tf.case's branches wait for its assertions: with exclusive=True, for the
# one that at most one predicate holds; without a default, the last pair's
# function for the one that its predicate holds. When one fails, no branch
# runs, so their variable writes do not happen. The ops are named in the
# "case" scope (or the name given). kiln ran the branch's writes.
import tensorflow as tf

v = tf.Variable(0)


def attempt(f, x):
  try:
    print(f.__name__, x, f(tf.constant(x)).numpy())
  except tf.errors.InvalidArgumentError as e:
    lines = [l.strip() for l in str(e).splitlines() if "{{node" in l]
    print(f.__name__, x, lines[-1].split(" [Op:")[0])
  print(v.numpy())


def bump(k):
  def branch():
    v.assign_add(k)
    return tf.constant(k)
  return branch


@tf.function
def exclusive(x):
  return tf.case([(x > 0, bump(1)), (x > 5, bump(10))], default=bump(100),
                 exclusive=True)


@tf.function
def no_default(x):
  return tf.case([(x > 0, bump(1)), (x > 5, bump(10))])


@tf.function
def single_pair(x):
  return tf.case([(x > 0, bump(1))], name="only")


@tf.function
def checked_branch(x):
  def big():
    v.assign_add(1000)
    tf.debugging.assert_less(x, 20, message="too big")
    return x
  return tf.case([(x < 0, bump(1)), (x > 10, big)], default=bump(100))


for x in [1, 7, -1]:
  attempt(exclusive, x)
for x in [1, 7, -1]:
  attempt(no_default, x)
for x in [3, -3]:
  attempt(single_pair, x)
for x in [-5, 15, 25, 5]:
  attempt(checked_branch, x)
