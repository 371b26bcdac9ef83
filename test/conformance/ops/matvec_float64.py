# float64 products with one row or column: Eigen's matrix-vector kernels
# (row-major lanes, column-major blocks, the dot product, tiny products),
# by the transposes, and TensorFlow's pieces of a large one.
import tensorflow as tf
def go(m, k, n, ta=False, tb=False, seed=1):
  a = tf.random.stateless_normal([k, m] if ta else [m, k], seed=(seed, 2), dtype=tf.float64)
  b = tf.random.stateless_normal([n, k] if tb else [k, n], seed=(seed, 3), dtype=tf.float64)
  r = tf.linalg.matmul(a, b, transpose_a=ta, transpose_b=tb).numpy().ravel()
  print(m, k, n, ta, tb, repr(r[:4].tolist()), repr(r[-3:].tolist()))
for (m, k, n) in [(5, 7, 1), (13, 40, 1), (1, 40, 9), (1, 300, 1), (1, 7, 1), (1, 6, 5), (4, 9, 1), (9, 200, 1), (200, 99, 1), (1, 150, 300), (1000, 64, 1), (257, 130, 1), (1, 129, 777)]:
  for ta, tb in [(False, False), (True, False), (False, True), (True, True)]:
    go(m, k, n, ta, tb)
x = tf.random.stateless_normal([3, 50], seed=(1, 1), dtype=tf.float64)
v = tf.random.stateless_normal([50], seed=(1, 2), dtype=tf.float64)
print(repr(tf.linalg.matvec(x, v).numpy().tolist()))
print(repr(tf.tensordot(v, v, 1).numpy()))
a = tf.random.stateless_normal([4, 5, 30], seed=(4, 5), dtype=tf.float64)
b = tf.random.stateless_normal([4, 30, 1], seed=(6, 7), dtype=tf.float64)
print(repr((a @ b).numpy().ravel().tolist()))
