# tf.slice with constant begin and size on a dimension known only when the
# function runs: the Slice kernel checks the bounds then (kiln returned a
# clamped slice), and shape inference knows the slice's size.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.int32)])
def window(x):
  y = tf.slice(x, [1, 0], [2, -1])
  z = tf.slice(x, [0, 1], [-1, 2])
  print(y.shape, z.shape, y, z)
  return y, z


print(window(tf.reshape(tf.range(12), [3, 4])))
for begin, size in [([1], [3]), ([5], [-1]), ([-1], [1]), ([0], [-1])]:

  @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
  def first(x):
    return tf.slice(x, begin, size)

  try:
    print(first(tf.constant([1, 2])))
  except tf.errors.InvalidArgumentError as e:
    lines = str(e).splitlines()
    print(type(e).__name__, lines[-2], lines[-1].split(" [Op:")[0])

