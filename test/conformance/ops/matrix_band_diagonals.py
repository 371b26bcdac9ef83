# tf.linalg.diag, diag_part and set_diag of other diagonals than the main
# one (k as an int or a (lower, upper) band) in every alignment, with
# num_rows/num_cols and padding_value, their kernels' errors, in a
# function and under a tape.
import tensorflow as tf
def show(f):
  try:
    print(f())
  except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0])
x = tf.reshape(tf.range(1, 13), [3, 4])
for k in [1, -1, 3, -2, (-1, 1), (0, 2), (-2, 0), [1, 1]]:
  for align in ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"]:
    show(lambda: tf.linalg.diag_part(x, k=k, align=align, padding_value=9))
    show(lambda: tf.linalg.set_diag(x, tf.linalg.diag_part(x, k=k, align=align) * 10, k=k, align=align))
d = tf.constant([[1, 2, 3], [4, 5, 6]])
for k in [(0, 1), (-1, 0)]:
  for align in ["RIGHT_LEFT", "LEFT_RIGHT"]:
    show(lambda: tf.linalg.diag(d, k=k, align=align, padding_value=-1))
show(lambda: tf.linalg.diag([1, 2], k=1))
show(lambda: tf.linalg.diag([1, 2], k=-2, num_cols=3))
show(lambda: tf.linalg.diag([1., 2.], num_rows=3))
y = tf.zeros([3, 3])
print(tf.linalg.set_diag(y, [[2., 3., 4.], [1., 2., 3.]], align='LEFT_RIGHT', k=(-1, 0)))
b = tf.ones([2, 3, 3])
print(tf.linalg.diag_part(b * tf.reshape(tf.range(18.0), [2, 3, 3]), k=(-1, 1)))
@tf.function
def f(m):
  return tf.linalg.diag_part(m, k=(-1, 0)), tf.linalg.diag(tf.ones([2, 2]), k=(0, 1))
print(f(tf.reshape(tf.range(9.0), [3, 3])))
v = tf.Variable(tf.reshape(tf.range(9.0), [3, 3]))
with tf.GradientTape() as tape:
  s = tf.reduce_sum(tf.linalg.diag_part(v, k=(0, 1)) ** 2)
print(tape.gradient(s, v))
print(tf.linalg.diag([1, 2], num_rows=3))
show(lambda: tf.linalg.diag_part(x, k=(1, -1)))
show(lambda: tf.linalg.diag_part(x, k=(-5, 0)))
show(lambda: tf.linalg.diag_part(x, k=[0, 1, 2]))
show(lambda: tf.linalg.diag_part(x, k=-5))
show(lambda: tf.linalg.diag_part(x, k=(-1, 1), align="FOO"))
show(lambda: tf.linalg.diag(tf.constant([1, 2]), num_rows=1))
show(lambda: tf.linalg.diag([1, 2], num_cols=1))
show(lambda: tf.linalg.diag([1, 2], num_rows=3, num_cols=3))
show(lambda: tf.linalg.diag([1, 2], num_rows=4))
show(lambda: tf.linalg.diag([[1, 2], [3, 4]], k=(0, 2)))
