# float64 products in TensorFlow's order: Eigen's gebp schemes by tile
# position (sequential, even/odd accumulators, four accumulators), k blocks
# of its cache blocking, the threaded grid and k split into two buffers;
# batched products through the contraction and the dense product.
import tensorflow as tf


def go(m, k, n, ta=False, tb=False, seed=1, full=False):
  a = tf.random.stateless_normal([k, m] if ta else [m, k], seed=(seed, 2),
                                 dtype=tf.float64)
  b = tf.random.stateless_normal([n, k] if tb else [k, n], seed=(seed, 3),
                                 dtype=tf.float64)
  r = tf.linalg.matmul(a, b, transpose_a=ta, transpose_b=tb).numpy()
  if full:
    print(m, k, n, repr(r.ravel().tolist()))
  else:
    print(m, k, n, ta, tb, repr(r[0].tolist()[:6]), repr(r[-1].tolist()[-6:]),
          repr(r[:, 0].tolist()[-6:]))


go(4, 8, 4, seed=11, full=True)
go(3, 17, 9, full=True)
go(7, 33, 13, ta=True, full=True)
go(9, 40, 11, tb=True, full=True)
go(100, 200, 50)
go(50, 700, 60)
go(64, 300, 64, ta=True, tb=True)
go(13, 337, 23)
go(256, 784, 128)
go(30, 1024, 30)


@tf.function
def product(a, b):
  return a @ b


for shape_a, shape_b in [([5, 12, 9], [5, 9, 6]), ([3, 40, 30], [3, 30, 20]),
                         ([2, 3, 4], [2, 4, 5])]:
  a = tf.random.stateless_normal(shape_a, seed=(4, 5), dtype=tf.float64)
  b = tf.random.stateless_normal(shape_b, seed=(6, 7), dtype=tf.float64)
  print(repr(product(a, b).numpy().ravel().tolist()[-8:]))
