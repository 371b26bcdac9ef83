# Errors of tf.unstack without num (axis out of range, a dimension or rank
# unknown at trace time), of reduce_all/reduce_any on non-bool input, and
# of tf.searchsorted's side.
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def f(x):
  return tf.unstack(x)
try:
  f(tf.ones([3]))
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[-1])
try:
  print(tf.reduce_all(tf.constant([1, 0])))
except Exception as e:
  print(type(e).__name__, str(e))
try:
  print(tf.reduce_any(tf.constant([1.0, 0])))
except Exception as e:
  print(type(e).__name__, str(e))
@tf.function
def g(x):
  return tf.reduce_all(x)
try:
  print(g(tf.constant([1, 0])))
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[-1])
try:
  print(tf.searchsorted([1.0, 2.0], [1.5], side="middle"))
except Exception as e:
  print(type(e).__name__, str(e))
try:
  print(tf.clip_by_value(tf.ones([2, 3]), tf.zeros([2]), 1.0))
except Exception as e:
  print(type(e).__name__, str(e))
try:
  print(tf.reduce_all([1, 0]))
except Exception as e:
  print(type(e).__name__, str(e))
for axis in [1, -2]:
  try:
    print(tf.unstack(tf.ones([2]), axis=axis))
  except Exception as e:
    print(type(e).__name__, str(e))
@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def h(x):
  return tf.unstack(x)
try:
  h(tf.ones([3]))
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[-1])
