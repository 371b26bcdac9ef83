# Ops inside tf.control_dependencies on an assertion (a tf.Assert, a
# tf.debugging assert, a tf.group of them, or a tensor) do not run when it
# fails: the guarded variable writes are not kept, as in TensorFlow, where
# kiln kept them. An assignment with no such dependency still happens.
import tensorflow as tf

v = tf.Variable(0.0)
w = tf.Variable(0.0)


@tf.function
def guarded(x):
  a = tf.debugging.assert_non_negative(x)
  w.assign(x + 1.0)
  with tf.control_dependencies([a]):
    v.assign(tf.sqrt(x))
  return v.read_value()


print(guarded(tf.constant(16.0)).numpy())
try:
  guarded(tf.constant(-4.0))
except tf.errors.InvalidArgumentError:
  print("bad")
print(v.numpy(), w.numpy())

n = tf.Variable(1)


@tf.function
def grouped(x):
  g = tf.group(tf.debugging.assert_positive(x),
               tf.debugging.assert_less(x, 10))
  with tf.control_dependencies([g]):
    n.assign(x)


@tf.function
def raw_assert(x):
  a = tf.Assert(x < 10, [x])
  with tf.control_dependencies([a]):
    n.assign_add(x)
  with tf.control_dependencies(None):
    w.assign(tf.cast(x, tf.float32))


for f, value in [(grouped, 5), (grouped, 20), (raw_assert, 3),
                 (raw_assert, 30)]:
  try:
    f(tf.constant(value))
  except tf.errors.InvalidArgumentError:
    print("error")
  print(n.numpy(), w.numpy())
