# A variable's row scatter with updates of the wrong shape: the kernel's
# error eagerly, shape inference's ValueError while tracing (kiln used to
# broadcast the updates there). The nd scatters name a single batch
# dimension's sizes in their message.
import tensorflow as tf

m = tf.Variable(tf.zeros([3, 3]))


def show(name, f):
  try:
    print(name, f())
  except Exception as e:
    message = str(e).strip().splitlines()[-1].split(" for '")[0]
    print(name, type(e).__name__ + ":", message)


show("update", lambda: m.scatter_update(tf.IndexedSlices([1., 1., 1.], [2])))
show("update scalar", lambda: m.scatter_update(tf.IndexedSlices(5., [1])).numpy())
show("sub", lambda: m.scatter_sub(tf.IndexedSlices([[1., 2., 3.]], [0])).numpy())
show("nd one dim", lambda: m.scatter_nd_update([[0]], [1., 2.]))
show("nd rows", lambda: m.scatter_nd_update([[0], [1]], tf.ones([3, 3])))
show("nd two dims", lambda: m.scatter_nd_update([[[0], [1]], [[2], [0]]],
                                                tf.ones([2, 3, 3])))


@tf.function
def update():
  m.scatter_update(tf.IndexedSlices([1., 1., 1.], [2]))
  return m.value()


@tf.function
def maximum():
  m.scatter_max(tf.IndexedSlices([[1., 1.]], [2]))
  return m.value()


@tf.function
def rows(x):
  m.scatter_update(tf.IndexedSlices(x, [2]))
  return m.value()


show("graph update", update)
show("graph max", maximum)
rows.get_concrete_function(tf.TensorSpec([None, 3]))
show("graph rows", lambda: rows(tf.ones([1, 3])).numpy())
