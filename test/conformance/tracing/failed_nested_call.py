# TensorFlow calls an inner tf.function as one op, done only when all of it
# ran. When a check inside it fails, the inner writes made before the
# failure stay, but the outer function's later writes of the same variable,
# and ops that read the call's results, do not run. kiln inlines the call,
# and ran them.
import tensorflow as tf

v = tf.Variable(0)
out = tf.Variable(0)


def attempt(f, x):
  try:
    f(tf.constant(x))
  except tf.errors.InvalidArgumentError:
    print("error")
  print(f.__name__, v.numpy(), out.numpy())
  v.assign(0)
  out.assign(0)


@tf.function
def inner(x):
  v.assign_add(x)
  tf.debugging.assert_less(v, 50)
  return x * 2


@tf.function
def outer(x):
  r = inner(x)
  out.assign(r)
  v.assign_add(100)


@tf.function
def middle(x):
  a = inner(x)
  v.assign_add(1)
  b = inner(x)
  v.assign_add(1)
  return a + b


@tf.function
def top(x):
  out.assign(middle(x))
  v.assign_add(1000)


@tf.function
def looped(n):
  for i in tf.range(n):
    inner(tf.constant(20))
    out.assign_add(1)


for x in [10, 60]:
  attempt(outer, x)
for x in [10, 30]:
  attempt(top, x)
attempt(looped, 5)
