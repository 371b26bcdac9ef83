# A variable's scatter, or a slice assign, whose index is out of range fails
# when the function runs, with the message and node name of TensorFlow's
# kernel: ResourceScatterUpdate (and Add...) "indices[0] = 4 is not in
# [0, 2)", ResourceScatterNdUpdate, "strided_slice/_assign". kiln named its
# TensorScatter node and worded its message, and failed a constant index
# while tracing. The variable keeps its value.
import tensorflow as tf

v = tf.Variable([1.0, 2.0])


@tf.function
def row(i):
  v.scatter_update(tf.IndexedSlices([5.0], i))


@tf.function
def rows(i):
  v.scatter_sub(tf.IndexedSlices([5.0, 6.0], i))


@tf.function
def row_const():
  v.scatter_add(tf.IndexedSlices([5.0], [4]))


@tf.function
def nd(i):
  v.scatter_nd_update(i, [5.0])


@tf.function
def nd_const():
  v.scatter_nd_update([[4]], [5.0])


@tf.function
def tensor_nd_const():
  return tf.tensor_scatter_nd_update(tf.constant([1.0, 2.0]), [[4]], [5.0])


@tf.function
def sliced(i):
  v[i].assign(3.0)


for f, args in [(row, [tf.constant([4])]), (row_const, []),
                (rows, [tf.constant([0, -1])]),
                (nd, [tf.constant([[4]])]), (nd_const, []),
                (tensor_nd_const, []), (sliced, [tf.constant(5)])]:
  try:
    f(*args)
  except tf.errors.InvalidArgumentError as e:
    lines = str(e).splitlines()
    print(type(e).__name__, lines[2], lines[-2], lines[-1].split(" [Op:")[0])
  print(v.numpy())

# The row scatters write rows up to the bad index and stop there; the nd
# scatters skip a bad index and apply the others. Those updates stay in
# the variable, and what comes after the failed scatter does not run.
u = tf.Variable([1.0, 2.0, 3.0])


@tf.function
def nd_partial(i):
  u.scatter_nd_update(i, [5.0, 6.0, 7.0])


@tf.function
def nd_add_partial(i):
  u.scatter_nd_add(i, [5.0, 6.0, 7.0])


@tf.function
def rows_partial(i):
  u.scatter_update(tf.IndexedSlices([5.0, 6.0, 7.0], i))
  u.assign_add([1.0, 1.0, 1.0])


for f, i in [(nd_partial, [[0], [4], [1]]), (nd_add_partial, [[0], [4], [1]]),
             (rows_partial, [2, 9, 1])]:
  try:
    f(tf.constant(i))
  except tf.errors.InvalidArgumentError:
    print("error")
  print(u.numpy())
