# A concrete function lists what its body captured, in capture order:
# eager tensors by their spec, variables as resources (each under its
# Python id, left out here).
import tensorflow as tf

weights = tf.constant([2.0, 3.0])
bias = tf.Variable(1.0)
table = tf.constant([[1, 2], [3, 4]])


@tf.function
def score(x):
  return tf.reduce_sum(x * weights) + bias


@tf.function
def lookup(i):
  row = tf.gather(table, i)
  return tf.cast(row, tf.float32) * bias + weights


@tf.function
def plain(x):
  return x * 2.0


def show(f, *args):
  print(f(*args))
  for line in str(f.get_concrete_function(*args)).splitlines():
    if line.startswith("  ") and line.strip()[0].isdigit():
      line = "  ID:" + line.split(":", 1)[1]
    print(line)


show(score, tf.constant(1.0))
show(lookup, tf.constant(1))
show(plain, tf.constant(1.0))
