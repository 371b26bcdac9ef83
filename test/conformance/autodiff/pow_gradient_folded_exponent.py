# The gradient of x ** y computes pow(x, y - 1); grappler folds y - 1 into a
# constant first, and ConvertPow then makes pow(x, 2) a Square, pow(x, 3)
# Square(x) * x, 0.5 a Sqrt, -0.5 an Rsqrt, -1 a Reciprocal.
import tensorflow as tf
x = tf.Variable([0.3, 1.7, 2.2, 0.01, 5.5, 3.3, 0.9, 1.1])
@tf.function
def g():
  with tf.GradientTape(persistent=True) as tape:
    ys = [tf.reduce_sum(x ** 3), tf.reduce_sum(x ** 4), tf.reduce_sum(x ** 1.5),
          tf.reduce_sum(x ** 0.5), tf.reduce_sum(x ** 2), tf.reduce_sum(x ** 2.5),
          tf.reduce_sum(tf.pow(x, 3.0)), tf.reduce_sum(x ** -1.0)]
  return [tape.gradient(y, x) for y in ys]
for r in g():
  print(r.numpy().tolist())
