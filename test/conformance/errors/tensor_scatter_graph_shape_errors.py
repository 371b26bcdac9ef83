# Tensor scatters whose updates do not fit the indices and the input: the
# kernels' errors eagerly, shape inference's ValueError (each part of the
# shape merged, the merge's message quoted) inside a function.
import tensorflow as tf
def show(name, f):
  try:
    print(name, f())
  except Exception as e:
    print(name, type(e).__name__ + ":", str(e).strip().splitlines()[-1].strip().split(" for '")[0])
cases = [("outer", lambda x: tf.tensor_scatter_nd_update(x, [[0]], [1., 2.])),
         ("inner", lambda x: tf.tensor_scatter_nd_add(x, [[0]], [[1., 2.]])),
         ("inner rank", lambda x: tf.tensor_scatter_nd_sub(x, [[0]], [[[1., 2., 3.]]])),
         ("ok", lambda x: tf.tensor_scatter_nd_max(x, [[0], [1]], [[1., 2., 3.], [4., 5., 6.]])),
         ("elements", lambda x: tf.tensor_scatter_nd_update(x, [[0, 1], [1, 2]], [7., 8., 9.]))]
for name, f in cases:
  show("eager " + name, lambda: f(tf.ones([2, 3])))
  show("graph " + name, lambda: tf.function(f)(tf.ones([2, 3])))
