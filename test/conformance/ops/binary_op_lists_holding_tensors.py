# Inside a function, a Python list that holds tensors beside a tensor in a
# binary op (or tf.where) is packed into one tensor, whatever the dtype
# checks for plain lists do.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def f(x):
  n = tf.shape(x)[0]
  sizes = tf.shape(x) * [1, n]
  shifted = x + [x[0, 0], 1., 2.]
  picked = tf.where([True, False, True], x[0], [x[0, 1], 5., 6.])
  return sizes, shifted, picked


print(f(tf.reshape(tf.range(6.), [2, 3])))
