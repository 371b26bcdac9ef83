# tf.switch_case is one Case op in TensorFlow, switch_case/indexed_case:
# an op that fails in any of its branches is named in that scope (or in the
# name= given), and a variable written before the failure keeps the write.
import tensorflow as tf

v = tf.Variable(0)


def attempt(f, *args):
  try:
    print(f.__name__, f(*[tf.constant(a) for a in args]).numpy())
  except tf.errors.InvalidArgumentError as e:
    lines = [l.strip() for l in str(e).splitlines() if l.strip()]
    print(f.__name__, lines[-2])
    print(lines[-1].split(" [Op:")[0])
  print(v.numpy())


@tf.function
def pick(k, x):
  def small():
    v.assign_add(1)
    tf.debugging.assert_less(x, 10, message="small")
    return x

  def positive():
    v.assign_add(10)
    tf.debugging.assert_positive(x, message="positive")
    return x * 2

  def anything():
    v.assign_add(100)
    return x * 3

  return tf.switch_case(k, [small, positive, anything])


@tf.function
def named(k, x):
  return tf.switch_case(k, {0: lambda: x, 1: lambda: x + 1},
                        default=lambda: tf.gather([1, 2, 3], x),
                        name="chooser")


attempt(pick, 0, 3)
attempt(pick, 0, 30)
attempt(pick, 1, 5)
attempt(pick, 1, -5)
attempt(pick, 2, 1)
attempt(pick, 7, 1)
attempt(named, 5, 1)
attempt(named, 5, 9)
