# Names of staged loops' results and of ops in staged bodies, as TensorFlow
# prints them: AutoGraph's loop variables ordered by name (outputs first),
# while_v2's outputs past its counter and maximum_iterations (and the
# range iterate), 'while/add_1' after AutoGraph's own 'while/add', and
# shape errors naming the node in its cond or while scope.
import tensorflow as tf
@tf.function
def a(x):
  i = tf.constant(0)
  while i < 3:
    x = x + 1.0
    i += 1
  print(x, i)
  return x
a(tf.ones([2]))
@tf.function
def b(x):
  r = tf.while_loop(lambda k, v: k < 3, lambda k, v: (k + 1, v * 2.0), [0, x])
  print(r)
  return r
b(tf.ones([2]))
@tf.function
def c(x):
  s = 0.0
  for i in tf.range(3):
    x = x + 1.0
    s += 1.0
  print(x, s)
  return x
c(tf.ones([2]))
@tf.function
def d(x):
  r = tf.while_loop(lambda k, v: k < 3, lambda k, v: (k + 1, v * 2.0), [0, x], maximum_iterations=5)
  print(r)
  return r
d(tf.ones([2]))
@tf.function
def e(x):
  for i in tf.range(5):
    if x[0] > 10.0:
      break
    x = x * 2.0
  print(x)
  return x
e(tf.ones([2]))


@tf.function
def branch(x, y):
  if tf.reduce_sum(x) > 0:
    z = x * 2.0
    z = z + y
  else:
    z = x
  return z


@tf.function
def accumulate(x):
  acc = tf.zeros([2])
  for i in tf.range(3):
    acc = acc + x[i]
  return acc


@tf.function
def model(x):
  for i in tf.range(2):
    x = x + 1.0
  return tf.matmul(x, tf.ones([4, 2]))


for fn, args in [(branch, (tf.ones([3]), tf.ones([2]))),
                 (accumulate, (tf.ones([3, 3]),)), (model, (tf.ones([1, 3]),))]:
  try:
    fn(*args)
  except ValueError as e:
    print(str(e).splitlines()[-1].split(" for ")[1].split(" with ")[0])
