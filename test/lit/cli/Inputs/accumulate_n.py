import tensorflow as tf
print(tf.math.accumulate_n([tf.constant([1., 2.]), tf.constant([3., 4.])]))
print(tf.math.accumulate_n([tf.constant([1., 2.])]))
print(tf.math.accumulate_n([tf.constant([1., 2.]), tf.constant([3., 4.])], shape=[2], tensor_dtype=tf.float32))
for bad in [[], None]:
  try:
    tf.math.accumulate_n(bad)
  except ValueError as e:
    print(type(e).__name__, e)
try:
  tf.math.accumulate_n([tf.constant([1., 2.])], shape=[3])
except ValueError as e:
  print(type(e).__name__, e)
print(hasattr(tf.math, "accumulate_n"))
