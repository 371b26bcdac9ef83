# Python's types as dtypes: tf.as_dtype takes float, bool and object (a
# string) and DataType enum values; int, str and bytes are TypeErrors.
import tensorflow as tf
x = tf.constant([1.5, -2.0])
for t in [int, float, bool, str, bytes, object]:
  for name, fn in [("cast", lambda: tf.cast(x, t)), ("zeros", lambda: tf.zeros([2], dtype=t)), ("as_dtype", lambda: tf.as_dtype(t)), ("constant", lambda: tf.constant([1, 0], dtype=t))]:
    try:
      print(t.__name__, name, fn())
    except Exception as e:
      print(t.__name__, name, type(e).__name__, e)
print(tf.as_dtype(5), tf.as_dtype(1), tf.as_dtype(19))
for t in ["foo", None, [1]]:
  try:
    print(tf.as_dtype(t))
  except TypeError as e:
    print(type(e).__name__, e)
@tf.function
def f(t):
  return tf.cast(t, float) * 2, tf.range(3, dtype=float), tf.cast(t, bool)
print(f(tf.constant([1, 0])))
print(tf.TensorSpec([2], float), tf.Variable([1, 2], dtype=float))
