# A loop body's nodes are named as in TensorFlow's while_v2 body graph,
# which first captures what the loop's condition captured (a tensor limit,
# a step not known at trace time): each capture takes its op's name in the
# loop's scope, so the body's own op of that name gets the next number.
# maximum_iterations is a loop input, not a capture.
import tensorflow as tf


@tf.function
def f(x, n):
  lim = tf.reduce_sum(x)
  i = tf.constant(0.0)
  while i < lim:
    print(tf.reduce_sum(x), i + 1.0)
    i = i + 1.0
  j = tf.constant(0)
  while j < n:
    print(tf.identity(n), n + 1)
    j += 1
  k = tf.while_loop(lambda k: k < lim * 2.0, lambda k: k + tf.reduce_sum(x),
                    [i], maximum_iterations=n)
  s = tf.constant(0)
  for q in tf.range(tf.shape(x)[0]):
    print(x[q])
    s += q
  for q in tf.range(0, n, tf.shape(x)[0]):
    print(tf.shape(x)[0] + q, x[0])
  for q in tf.range(3):
    for r in tf.range(n):
      print(n * r, tf.reduce_sum(x))
  return i, j, k, s


print(f(tf.constant([1.0, 2.0]), tf.constant(3)))


@tf.function
def g(x):

  def body(i, acc):
    print(tf.reduce_max(x), tf.shape(x)[0], acc * 2.0)
    return i + 1, acc + x[i]

  return tf.while_loop(lambda i, acc: i < tf.shape(x)[0], body, [0, 0.0])


print(g(tf.constant([1.0, 2.0])))
