# TensorArray.scatter: row k of the value written at indices[k], eagerly
# (a loop of writes that zips indices and rows) and in a function (a
# later index wins; a count mismatch is the kernel's run-time error).
import tensorflow as tf

ta = tf.TensorArray(tf.float32, size=4)
ta = ta.scatter([3, 0], tf.constant([[1., 2.], [3., 4.]]))
print(ta.stack(), ta.size())
print(ta.read(3))


@tf.function
def scattered(idx, v):
  ta = tf.TensorArray(tf.float32, size=4)
  ta = ta.scatter(idx, v)
  return ta.stack(), ta.size()


print(scattered(tf.constant([3, 0]), tf.constant([[1., 2.], [3., 4.]])))
print(scattered(tf.constant([1, 1]), tf.constant([[1., 2.], [3., 4.]])))
try:
  scattered(tf.constant([1, 0, 2]), tf.constant([[1., 2.], [3., 4.]]))
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError:", str(e).splitlines()[-2])

# Eagerly extra indices are ignored, and an index past a fixed size fails.
ta = tf.TensorArray(tf.float32, size=2)
print(ta.scatter([0, 1, 2], tf.ones([2, 3])).stack())
try:
  ta.scatter([0, 5], tf.ones([2, 3]))
except tf.errors.OutOfRangeError as e:
  print("OutOfRangeError:", e)


# Python values convert to the array's dtype.
@tf.function
def converted():
  ta = tf.TensorArray(tf.int32, size=5)
  ta = ta.scatter([4, 1], [[7, 8], [9, 10]])
  return ta.stack(), ta.gather([1, 4])


print(converted())
