# A bare `return` (or `return None`) in one branch of a staged `if`, with
# the other branch falling through: AutoGraph's error names the branch
# that has no return statement, whichever side returned.
import tensorflow as tf


@tf.function
def early_exit(x):
  if x > 0:
    return
  tf.print("not returned early")


@tf.function
def late_exit(x):
  if x > 0:
    tf.print("positive")
  else:
    return None


@tf.function
def both_return(x):
  if x > 0:
    return
  else:
    return


@tf.function
def value_then_fall_through(x):
  if x > 0:
    return x


for f in [early_exit, late_exit, both_return, value_then_fall_through]:
  try:
    print(f.__name__, f(tf.constant(1)))
  except (ValueError, TypeError) as e:
    print(f.__name__, type(e).__name__, str(e).strip().splitlines()[-1])
