# tf.linalg.set_diag: the main diagonal replaced, batched and non-square,
# its gradient to the input and the diagonal, and the kernel's shape error.
import tensorflow as tf
x = tf.reshape(tf.range(24.0), [2, 3, 4])
print(tf.linalg.set_diag(x, [[-1., -2., -3.], [-4., -5., -6.]]))
print(tf.linalg.set_diag(tf.zeros([4, 2]), [7., 8.]))
v = tf.Variable(tf.ones([3, 3]))
d = tf.Variable([1., 2., 3.])
with tf.GradientTape() as t:
  y = tf.linalg.set_diag(v * 2.0, d * d)
  l = tf.reduce_sum(y * tf.reshape(tf.range(9.0), [3, 3]))
print(t.gradient(l, [v, d]))
try:
  tf.linalg.set_diag(x, [1., 2.])
except Exception as e:
  print(type(e).__name__, e)
