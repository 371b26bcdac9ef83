# Eager tf.while_loop: each body result is checked against the loop
# variables' structure (with maximum_iterations, TensorFlow's counter and
# the user's variables), and with maximum_iterations the condition is
# called once more when the count is reached.
import tensorflow as tf
for kw in [{}, {"maximum_iterations": 2}]:
  try:
    print(tf.while_loop(lambda i: i < 5, lambda i: i + 2, [tf.constant(0)], **kw))
  except Exception as e:
    print(type(e).__name__, e)
try:
  tf.while_loop(lambda i: i < 3, lambda i: (i + 1, i), [tf.constant(0)])
except Exception as e:
  print(type(e).__name__, e)
try:
  tf.while_loop(lambda i, j: i < 3, lambda i, j: [i + 1], (tf.constant(0), 1.0))
except Exception as e:
  print(type(e).__name__, e)
print(tf.while_loop(lambda i, j: i < 3, lambda i, j: [i + 1, j * 2], (tf.constant(0), 1.0)))
print(tf.while_loop(lambda i: i < 3, lambda i: [i + 1], [0], maximum_iterations=2))
def c(i):
  print("cond", int(i))
  return i < 10
print(tf.while_loop(c, lambda i: (i + 1,), (tf.constant(0),), maximum_iterations=2))
print(tf.while_loop(c, lambda i: [i + 1], [tf.constant(8)], maximum_iterations=5))
