# np.shape, np.ndim and np.size of arrays, lists, scalars and tensors; a
# TensorShape's dims as Dimension objects.
import numpy as np
import tensorflow as tf

a = np.zeros((2, 3))
print(np.shape(a), np.shape([1, 2]), np.shape(3.0), np.shape(tf.zeros([4, 1])))
print(np.ndim(a), np.ndim([[1], [2]]), np.size(a), np.size([1, 2, 3]))
print(np.size(a, 1), np.size(a, axis=-2))
try:
    np.size(a, 2)
except IndexError as e:
    print(type(e).__name__, e)
print(tf.zeros([2, 3]).shape.dims, tf.TensorShape([None, 3]).dims,
      tf.TensorShape(None).dims)
d = tf.zeros([2, 3]).shape.dims[0]
print(d, repr(d), d.value, int(d), d == 2, d != 3)
u = tf.TensorShape([None]).dims[0]
print(u, u.value, u == 2)
