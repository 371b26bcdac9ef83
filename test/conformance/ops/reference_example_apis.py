# APIs from TensorFlow's reference examples: broadcast_static_shape,
# broadcast_dynamic_shape, shape_n, is_non_decreasing,
# is_strictly_increasing, scalar_mul, and the static asserts assert_integer
# and assert_scalar, with their errors.
import tensorflow as tf

def show(f):
  try:
    print(f())
  except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0])

# Broadcast shapes.
show(lambda: tf.broadcast_static_shape(tf.TensorShape([1, 2, 3]), tf.TensorShape([5, 1, 3])))
show(lambda: tf.broadcast_static_shape(tf.TensorShape([None, 2]), tf.TensorShape([3, 1])))
show(lambda: tf.broadcast_static_shape(tf.TensorShape([None, 1]), tf.TensorShape([1, None])))
show(lambda: tf.broadcast_static_shape(tf.TensorShape(None), tf.TensorShape([1])))
show(lambda: tf.broadcast_static_shape(tf.TensorShape([2, 3]), tf.TensorShape([4])))
show(lambda: tf.broadcast_static_shape([2, 3], [3]))
show(lambda: tf.broadcast_dynamic_shape([1, 2, 3], [5, 1, 3]))
show(lambda: tf.broadcast_dynamic_shape(tf.constant([2, 3], tf.int64), tf.constant([3], tf.int64)))
show(lambda: tf.broadcast_dynamic_shape([2, 3], [4]))
show(lambda: tf.broadcast_dynamic_shape(tf.constant([2, 3]), tf.constant([4])))
show(lambda: tf.shape_n([tf.ones([1, 2]), tf.ones([2, 3]), tf.ones([])]))
show(lambda: tf.shape_n([tf.ones([1, 2])], out_type=tf.int64))

@tf.function
def f(x, y):
  s = tf.broadcast_dynamic_shape(tf.shape(x), tf.shape(y))
  print(s)
  return s, tf.shape_n([x, y])

show(lambda: f(tf.ones([2, 1]), tf.ones([3])))

# Monotonic checks.
for x in [[1, 2, 2, 5], [1, 3, 2], [[1, 2], [3, 4]], [7], [], [1.5, float("nan")]]:
  show(lambda: (tf.math.is_non_decreasing(x), tf.math.is_strictly_increasing(x)))
show(lambda: tf.math.is_non_decreasing([True, False]))

@tf.function
def g(x):
  return tf.math.is_strictly_increasing(x)

print(g(tf.constant([1.0, 2.0, 3.0])), g(tf.constant([[3, 2], [1, 0]])))

# Scalar multiplication.
show(lambda: tf.math.scalar_mul(2, tf.constant([1.5, 2.0])))
show(lambda: tf.math.scalar_mul(tf.constant(3), tf.constant([1, 2])))
show(lambda: tf.scalar_mul(2.0, tf.constant([1, 2])))
show(lambda: tf.math.scalar_mul([2.0, 3.0], tf.constant([1.0, 2.0])))

# Static asserts.
show(lambda: tf.debugging.assert_integer(tf.constant([1, 2])))
show(lambda: tf.debugging.assert_integer(tf.constant([1.0])))
show(lambda: tf.debugging.assert_integer(tf.constant([True]), message="ints"))
show(lambda: tf.debugging.assert_scalar(tf.constant(1.0)))
show(lambda: tf.debugging.assert_scalar(tf.constant([1.0]), message="one"))

@tf.function
def h(x):
  try:
    tf.debugging.assert_scalar(x)
  except ValueError as e:
    print("ValueError", e)
  try:
    tf.debugging.assert_integer(x)
  except TypeError as e:
    print("TypeError", e)
  return x

h(tf.constant([1.0, 2.0]))
