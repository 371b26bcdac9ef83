# The "in user code" line of an error in a `return` that spans lines.
# AutoGraph turns `return v` into `retval_ = v` and maps that line back to
# the node of v with the smallest column (the last one among equals): not
# the failing call's line, nor the statement's first. Other statements
# show their first line.
import tensorflow as tf


@tf.function
def list_items(a):
  return [
      tf.reshape(a, [5]),
      a + 1,
      a * 2,
  ]


@tf.function
def keyword_on_next_line(a):
  return tf.reduce_sum(a,
      axis=7)


@tf.function
def arguments_on_next_line(a):
  return tf.reduce_sum(
      a, axis=7)


@tf.function
def parenthesized(a):
  return (
      tf.reduce_sum(a, axis=7))


@tf.function
def dict_items(a):
  return {"k": tf.reduce_sum(a, axis=7),
     "j": a}


@tf.function
def assignment(a):
  y = tf.reduce_sum(
      a,
      axis=7)
  return y


@tf.function
def one_line(a):
  return tf.reshape(a, [5]) + a


def show(e):
  # The script's frames, without its path.
  lines = str(e).splitlines()
  for k, line in enumerate(lines):
    if "multiline_return" in line:
      print(line.split('", ')[-1])
      print(lines[k + 1])


for fn in [list_items, keyword_on_next_line, arguments_on_next_line,
           parenthesized, dict_items, assignment, one_line]:
  try:
    fn(tf.range(6))
  except (ValueError, tf.errors.InvalidArgumentError) as e:
    print(type(e).__name__)
    show(e)
