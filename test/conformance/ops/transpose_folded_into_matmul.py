# Inside a tf.function grappler folds a transpose of the last two
# dimensions into the product (transpose_a/transpose_b), which picks the
# kernel's order: X^T y of a [24, 3] X sums as matmul(X, y, transpose_a).
import tensorflow as tf


@tf.function
def normal_rhs(X, y):
  return tf.transpose(X) @ y


@tf.function
def gram(X):
  return tf.matmul(X, tf.transpose(X)), tf.transpose(X) @ X


@tf.function
def batched(a, b):
  return tf.matmul(tf.transpose(a, [0, 2, 1]), b)


X = tf.random.stateless_normal([24, 3], seed=[12, 0])
y = tf.random.stateless_normal([24, 1], seed=[12, 1]) * 10
print(normal_rhs(X, y).numpy().tolist())
print(tf.matmul(X, y, transpose_a=True).numpy().tolist())
print((tf.transpose(X) @ y).numpy().tolist())
g1, g2 = gram(tf.random.stateless_normal([5, 40], seed=[3, 4]))
print(g1.numpy()[0].tolist(), g2.numpy()[0, :5].tolist())
a = tf.random.stateless_normal([2, 50, 3], seed=[5, 6])
b = tf.random.stateless_normal([2, 50, 1], seed=[7, 8])
print(batched(a, b).numpy().ravel().tolist())
