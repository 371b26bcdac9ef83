# The _UnreadVariable that assign() returns is a tensor to a staged loop:
# the loop carries the value it reads. A loop whose test is not a scalar
# bool fails with TensorFlow's message, naming the test as the loop's
# cond graph has it ("while/Less:0").
import tensorflow as tf

v = tf.Variable(1)
w = tf.Variable(0.0)


@tf.function
def doubled(n):
  last = tf.constant(0)
  for _ in tf.range(n):
    last = v.assign(v * 2)
  return last


@tf.function
def accumulated(limit):
  cur = tf.constant(0.0)
  while cur < limit:
    cur = w.assign_add(0.5)
  return cur


print(doubled(tf.constant(3)).numpy(), v.numpy())
print(accumulated(tf.constant(1.2)).numpy(), w.numpy())


@tf.function
def vector_test(x):
  while x < 10:
    x = x * 2
  return x


try:
  vector_test(tf.constant([1, 3]))
except ValueError as e:
  print(type(e).__name__, str(e).splitlines()[-1])
