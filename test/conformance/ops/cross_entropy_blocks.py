# The dense softmax cross-entropy's gradient (the kernel's backprop)
# evaluates exp in Eigen's tiled blocks of 4507 elements: one block when
# the logits fit, else runs of whole rows (or pieces of rows longer than a
# block), each with its own packets and a scalar expf tail.
import numpy as np
import tensorflow as tf

rs = np.random.RandomState(7)


@tf.function
def backprop(labels, logits):
  with tf.GradientTape() as tape:
    tape.watch(logits)
    loss = tf.nn.softmax_cross_entropy_with_logits(labels, logits)
  return tape.gradient(loss, logits)


for b, c in [(3, 10), (100, 50), (9, 700), (2, 5000)]:
  logits = tf.constant((rs.randn(b, c) * 4).astype(np.float32))
  labels = tf.nn.softmax(tf.constant(rs.randn(b, c).astype(np.float32)))
  g = backprop(labels, logits).numpy().reshape(-1).tolist()
  edges = [0, 4499, 4500, 4503, 4506, 4507, 4551, 4559, len(g) - 1]
  print((b, c), [g[i] for i in edges if i < len(g)])
  print(g[::211])
