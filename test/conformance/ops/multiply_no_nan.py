# tf.math.multiply_no_nan: x * y, and 0 where y is 0 even where x is NaN or
# infinite; its gradient (mul_no_nan of the upstream gradient) and its
# float-only dtypes.
import tensorflow as tf
x = tf.constant([1.0, float("nan"), float("inf"), 2.0])
y = tf.constant([0.0, 0.0, 0.0, 3.0])
print(tf.math.multiply_no_nan(x, y))
print(tf.math.multiply_no_nan(tf.constant([[1.0], [2.0]]), tf.constant([0.0, 5.0])))
with tf.GradientTape(persistent=True) as t:
  a = tf.constant([2.0, 3.0, 4.0])
  b = tf.constant([0.0, 1.5, -2.0])
  t.watch([a, b])
  z = tf.reduce_sum(tf.math.multiply_no_nan(a, b))
print(t.gradient(z, [a, b]))
@tf.function
def f(a, b):
  return tf.math.multiply_no_nan(a, b)
print(f(x, y))
try:
  tf.math.multiply_no_nan(tf.constant([1]), tf.constant([2]))
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[0])
try:
  f(tf.constant([1]), tf.constant([2]))
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[-1].strip())
