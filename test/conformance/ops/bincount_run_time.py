# tf.math.bincount on a function's input: max(arr) + 1 bins (at least
# minlength, at most maxlength, values past the last bin skipped), counts or
# weights summed in order, and the kernel's error for a negative value.
import tensorflow as tf
@tf.function
def counts(x):
  return tf.math.bincount(x)
print(counts(tf.constant([1, 1, 3, 0, 3, 3])))
print(counts(tf.constant([], tf.int32)))
@tf.function
def weighted(x, w):
  return tf.math.bincount(x, weights=w, minlength=6)
print(weighted(tf.constant([1, 4, 1, 2]), tf.constant([0.5, 1.25, 0.1, 3.0])))
@tf.function
def capped(x):
  return tf.math.bincount(x, maxlength=3, dtype=tf.int64)
print(capped(tf.constant([[0, 5], [2, 2]])))
try:
  counts(tf.constant([1, -2, 3]))
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError")
