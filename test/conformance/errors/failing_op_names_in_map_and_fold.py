# A check that fails inside tf.map_fn, tf.scan, tf.foldl or tf.foldr names
# its node in the function's name scope ("map/while/...", or the name=
# given), and the row it reads as the TensorArray read TensorFlow makes
# ("TensorArrayV2Read/TensorListGetItem").
import tensorflow as tf


def attempt(f, x):
  try:
    print(f(tf.constant(x)).numpy())
  except tf.errors.InvalidArgumentError as e:
    lines = [l.strip() for l in str(e).splitlines() if l.strip()]
    print(lines[-2])
    print(lines[-1].split(" [Op:")[0])


@tf.function
def inverses(x):
  def inverse(e):
    tf.debugging.assert_none_equal(e, 0, message="zero element")
    return 100 // e
  return tf.map_fn(inverse, x)


@tf.function
def named_map(x):
  def double(e):
    tf.debugging.assert_less(e, 5)
    return e * 2
  return tf.map_fn(double, x, name="doubling")


@tf.function
def returns_operation(x):
  return tf.map_fn(lambda e: tf.debugging.assert_less(e, 5), x)


@tf.function
def running_sum(x):
  def add(total, e):
    tf.debugging.assert_less(total + e, 10, message="sum too big")
    return total + e
  return tf.scan(add, x)


@tf.function
def positive_product(x):
  def times(acc, e):
    tf.debugging.assert_positive(e, message="foldl")
    return acc * e
  return tf.foldl(times, x)


@tf.function
def positive_product_right(x):
  def times(acc, e):
    tf.debugging.assert_positive(e, message="foldr")
    return acc * e
  return tf.foldr(times, x, initializer=1)


attempt(inverses, [5, 2, 1])
attempt(inverses, [5, 0, 1])
attempt(named_map, [1, 2, 3])
attempt(named_map, [1, 7, 3])
try:
  returns_operation(tf.constant([1]))
except TypeError as e:
  print(str(e).splitlines()[-1].strip())
attempt(running_sum, [1, 2, 3])
attempt(running_sum, [4, 5, 6])
attempt(positive_product, [3, 2, 4])
attempt(positive_product, [3, 0, 4])
attempt(positive_product_right, [3, 1, -4])
