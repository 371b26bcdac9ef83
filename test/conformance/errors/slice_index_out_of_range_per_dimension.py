# x[i, j] with indices known at run time is one StridedSlice in
# TensorFlow: a bad index names that op and the dimension it indexes, the
# first or a later one, on tensors and on variables.
import tensorflow as tf

m = tf.Variable([[1, 2, 3], [4, 5, 6]])


def attempt(f, *args):
  try:
    print(f(*[tf.constant(a) for a in args]).numpy())
  except tf.errors.InvalidArgumentError as e:
    print([l.strip().split(" [Op:")[0] for l in str(e).splitlines()
           if "out of bounds" in l or "{{node" in l])


@tf.function
def pick(x, i, j):
  return x[i, j]


@tf.function
def pick3(x, i, j, k):
  return x[i, j, k]


@tf.function
def pick_variable(i, j):
  return m[i, j] * 10


x = [[1, 2], [3, 4]]
cube = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
attempt(pick, x, 1, -2)
attempt(pick, x, 0, -3)
attempt(pick, x, 2, 0)
attempt(pick, x, 1, 5)
attempt(pick3, cube, 1, 1, 1)
attempt(pick3, cube, 1, 1, 2)
attempt(pick3, cube, 0, -3, 0)
attempt(pick_variable, 1, 2)
attempt(pick_variable, 1, 3)
attempt(pick_variable, -3, 0)
