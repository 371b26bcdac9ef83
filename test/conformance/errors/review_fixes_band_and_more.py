# Edges of the band diagonal ops and of other review fixes: bounds (index 0
# always fits), padding of the main diagonal and of bool diagonals, num_rows
# below -1, set_diag's bound check; reduce_all of an int variable, the
# stateless alg checked before minval < maxval, assert_shapes' own data for
# an unknown rank, while_loop over a dict, and `t + list` errors.
import tensorflow as tf


def show(f):
  try:
    print(f())
  except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0])


x = tf.reshape(tf.range(1, 13), [3, 4])
show(lambda: tf.linalg.diag_part(x, k=(0, 5)))
show(lambda: tf.linalg.set_diag(x, tf.constant([[1, 1], [2, 2]]), k=(0, 5)))
show(lambda: tf.linalg.set_diag(x, tf.constant([[1, 1], [2, 2]]), k=(-5, -4)))
show(lambda: tf.linalg.set_diag(x, tf.constant([1, 1]), k=-4))
show(lambda: tf.linalg.diag_part(tf.zeros([0, 3]), k=(0, 1)))
show(lambda: tf.linalg.diag_part(tf.zeros([3, 0]), k=(-1, 0)))
show(lambda: tf.linalg.diag(tf.constant([1, 2]), k=1, num_rows=-5))
show(lambda: tf.linalg.diag(tf.constant([1, 2]), padding_value=9))
show(lambda: tf.linalg.diag(tf.constant([True, False]), k=1))
show(lambda: tf.linalg.diag_part(tf.constant([[True, False], [False, True]]), k=(-1, 0)))
show(lambda: tf.reduce_all(tf.Variable([1, 0])))
show(lambda: tf.random.stateless_uniform([2], seed=[1, 2], minval=5, maxval=1, dtype=tf.int32, alg="threefry"))
show(lambda: tf.random.stateless_uniform([2], seed=[1, 2], minval=5, maxval=1, dtype=tf.int32, alg="foo"))


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def shapes(t):
  tf.debugging.assert_shapes([(t, ("N", "M"))], data=["custom data"], message="msg")
  return t


try:
  shapes(tf.ones([3]))
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError:", [l for l in str(e).split("\n") if "assertion failed" in l][0])
show(lambda: tf.while_loop(lambda d: d["a"] < 3, lambda d: {"a": d["a"] + 1}, [{"a": tf.constant(0)}]))
t = tf.constant([[-1, 0., 10.], [-1, 0, 10]])
show(lambda: t + [1., 2.])
show(lambda: t - [1., 2.])
