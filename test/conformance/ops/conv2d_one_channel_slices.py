# A float32 Conv2D with one output channel runs oneDNN's matrix-vector
# kernel on slices of the window's taps that Eigen's contraction picks
# (two inner shards, or one run of equal slices); each call adds the output
# so far before its last pieces. A 1x1 or whole-image convolution is a
# plain matrix product, whose slices differ.
import numpy as np
import tensorflow as tf

rs = np.random.RandomState(7)
cases = [((1, 28, 28, 64), (3, 3, 64, 1), 1, "SAME"),
         ((4, 4, 4, 128), (3, 3, 128, 1), 1, "SAME"),
         ((1, 4, 4, 256), (3, 3, 256, 1), 1, "VALID"),
         ((2, 7, 7, 32), (5, 5, 32, 1), 1, "SAME"),
         ((2, 9, 9, 100), (3, 3, 100, 1), 2, "SAME"),
         ((4, 4, 4, 1100), (1, 1, 1100, 1), 1, "VALID"),
         ((3, 6, 6, 40), (6, 6, 40, 1), 1, "VALID")]


def bits(y):
  # The sum of the results' bit patterns: any last-bit difference shows.
  return int(tf.reduce_sum(tf.cast(tf.bitcast(y, tf.int32), tf.int64)))


@tf.function
def head(x, k, b):
  return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, k, 1, "SAME"), b))


for shape, kshape, stride, padding in cases:
  x = tf.constant(rs.randn(*shape).astype(np.float32))
  k = tf.constant(rs.randn(*kshape).astype(np.float32))
  y = tf.nn.conv2d(x, k, stride, padding)
  print(shape, kshape, padding, y.shape, bits(y), y.numpy().ravel()[:3].tolist())

x = tf.constant(rs.randn(2, 12, 12, 96).astype(np.float32))
k = tf.constant(rs.randn(3, 3, 96, 1).astype(np.float32))
y = head(x, k, tf.constant([0.5]))
print(y.shape, bits(y), y.numpy().ravel()[-3:].tolist())
