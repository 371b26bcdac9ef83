# An eager tensor a tf.function captures is named after the op input that
# first takes it ("matmul/b", "mul/y"), as TensorFlow names the capture, so
# the function's own constants keep their names ("Const") and a shape
# error names the capture as TensorFlow's does.
import tensorflow as tf

w = tf.ones([3, 2])
v = tf.constant([1.0, 2.0])
big = tf.ones([200])


@tf.function
def f(x):
  a = x @ w
  c = a * v
  k = tf.constant(3.0)
  s = tf.reduce_sum(w)
  print(a, c, k, s)
  return c + k + s


@tf.function
def g(x):
  return tf.reduce_sum(big * x), tf.exp(v)


@tf.function
def wrong(x):
  return x @ w


@tf.function
def wrong_mul(x):
  return x * v


print(f(tf.ones([1, 3])))
print(g(tf.constant(2.0)))
try:
  wrong(tf.ones([1, 4]))
except ValueError as e:
  print(str(e).splitlines()[-1].strip())
try:
  wrong_mul(tf.ones([3]))
except ValueError as e:
  print(str(e).splitlines()[-1].strip())
