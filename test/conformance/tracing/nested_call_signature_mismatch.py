# A tf.function with an input_signature called from another tf.function
# binds its arguments to the signature as an eager call does: a tensor of
# another shape is TensorFlow's TypeError, raised while the caller traces.
# (kiln copied the callee's graph for the wrong shape and failed to
# compile it.)
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([3], tf.float32)])
def total(x):
  return tf.reduce_sum(x)


@tf.function
def caller(v):
  return total(v * 2.0)


print(caller(tf.constant([1.0, 2.0, 3.0])))
try:
  caller(tf.constant([1.0, 2.0]))
except TypeError as e:
  print(str(e).strip().splitlines()[-1])
