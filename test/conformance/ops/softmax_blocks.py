# tf.nn.softmax on float32 evaluates exp(x - max) in the blocks Eigen's
# thread-pool executor makes (6956 elements: a whole tensor that fits, else
# pieces of long rows, else runs of whole rows), each block with its own
# packets and a scalar expf tail; rows in full groups of 8 divide by the
# approximate reciprocal.
import numpy as np
import tensorflow as tf

rs = np.random.RandomState(41)


def flat(t):
  return t.numpy().reshape(-1).tolist()


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def traced(x):
  return tf.nn.softmax(x)


for shape in [(5, 7), (1, 6956), (1, 6957), (1, 20001), (3, 9001), (2, 4000),
              (12, 1500), (64, 1000), (9, 7000)]:
  x = tf.constant((rs.randn(*shape) * 5).astype(np.float32))
  y, t = flat(tf.nn.softmax(x)), flat(traced(x))
  # Elements around the block edges, then every 397th.
  edges = [0, 6951, 6952, 6955, 6956, 6959, 13908, 13911, len(y) - 1]
  print(shape, [y[i] for i in edges if i < len(y)], y == t)
  print(y[::397])
