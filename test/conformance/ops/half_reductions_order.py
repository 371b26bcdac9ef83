# float16 sums and products in TensorFlow's order: over leading or middle
# axes, packets of 8 outputs within one row take four half accumulators
# (rows mod 4) once there are 16 rows; along the innermost axis a product
# takes the packet path of sums (four accumulators, lanes combined as
# floats, the tail last); a whole-tensor sum splits among the 2 intra-op
# threads from 131,765 elements; a mean divides by the count as a half.
import numpy as np
import tensorflow as tf

rs = np.random.RandomState(11)


def half(*shape):
  return tf.constant(rs.randn(*shape).astype(np.float32).astype(np.float16))


@tf.function
def reduce_sum(x, axis):
  return tf.reduce_sum(x, axis), tf.reduce_mean(x, axis)


for shape, axis in [((16, 8), 0), ((16, 64), 0), ((15, 64), 0), ((17, 3), 0),
                    ((40, 5), 0), ((33, 24), 0), ((3, 20, 8), 1),
                    ((2, 64, 16), 1), ((5, 40), 1)]:
  x = half(*shape)
  s, m = tf.reduce_sum(x, axis), tf.reduce_mean(x, axis)
  print(shape, axis, s.numpy().reshape(-1).tolist()[:12],
        m.numpy().reshape(-1).tolist()[:6])
  # Compiled (a few shapes: each traces anew).
  if shape in [(16, 64), (3, 20, 8), (5, 40)]:
    ts, tm = reduce_sum(x, axis)
    print(bool(tf.reduce_all(s == ts)), bool(tf.reduce_all(m == tm)))

for n in [8, 9, 31, 32, 33, 63, 64, 70]:
  p = tf.constant((1 + 0.3 * rs.randn(6, n)).astype(np.float16))
  print(n, tf.reduce_prod(p, 1).numpy().tolist(),
        tf.reduce_prod(p, 0).numpy().tolist()[:8])

big = tf.constant((0.01 * rs.randn(200001)).astype(np.float16))
for n in [131764, 131765, 200001]:
  print(n, float(tf.reduce_sum(big[:n])), float(tf.reduce_mean(big[:n])))
