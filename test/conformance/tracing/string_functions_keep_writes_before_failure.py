# A function with string tensors runs partly on the host. When one of its
# ops fails, the variable writes before the failure stay, as in a numeric
# function: in a loop, those of the iterations before the failing one.
# kiln dropped every write of the call.
import tensorflow as tf

count = tf.Variable(0)
total = tf.Variable(0.0)
names = tf.constant(["ab", "cde", "f"])


def attempt(f, *args):
  try:
    print(f.__name__, f(*args).numpy())
  except tf.errors.InvalidArgumentError as e:
    lines = [l.strip() for l in str(e).splitlines() if l.strip()]
    print(f.__name__, type(e).__name__, lines[-2], lines[-1].split(" [Op:")[0])
  print(count.numpy(), total.numpy())


@tf.function
def label(x):
  count.assign_add(1)
  tf.debugging.assert_positive(x, message="x must be positive")
  return tf.strings.as_string(x)


@tf.function
def parse_all(texts):
  for i in tf.range(tf.size(texts)):
    count.assign_add(1)
    total.assign_add(tf.strings.to_number(texts[i]))
  return total.read_value()


@tf.function
def name_length(i):
  count.assign_add(1)
  length = tf.strings.length(tf.gather(names, i))
  count.assign_add(length * 10)
  return length


@tf.function
def name_lengths(i):
  return tf.strings.length(tf.gather(names, i))


attempt(label, tf.constant(3))
attempt(label, tf.constant(-3))
attempt(parse_all, tf.constant(["1.5", "2", "x", "4"]))
attempt(parse_all, tf.constant(["0.5"]))
attempt(name_length, tf.constant(1))
attempt(name_length, tf.constant(3))
attempt(name_lengths, tf.constant([[0, 1], [2, 5]]))
