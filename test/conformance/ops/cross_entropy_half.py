# Softmax cross-entropy on float16 logits (and bfloat16 for the dense op)
# runs TensorFlow's float32 kernel on the logits cast up and rounds the loss
# once; the gradient is the float32 backprop times the upstream gradient,
# rounded to the logits' type.
import numpy as np
import tensorflow as tf

rs = np.random.RandomState(43)


def losses(labels, logits):
  classes = logits.shape[-1]
  dense = tf.one_hot(labels, classes, dtype=logits.dtype)
  with tf.GradientTape(persistent=True) as tape:
    tape.watch(logits)
    sparse_loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels,
                                                                 logits)
    dense_loss = tf.nn.softmax_cross_entropy_with_logits(dense, logits)
    mean = tf.reduce_mean(sparse_loss)
  return (sparse_loss, dense_loss, tape.gradient(mean, logits),
          tape.gradient(dense_loss, logits))


traced = tf.function(losses)
for b, c in [(2, 3), (8, 10), (33, 70)]:
  logits = tf.constant((rs.randn(b, c) * 3).astype(np.float16))
  labels = tf.constant(rs.randint(0, c, size=b).astype(np.int32))
  for name, fn in [("eager", losses), ("traced", traced)]:
    for t in fn(labels, logits):
      print(name, (b, c), t.dtype.name, t.numpy().reshape(-1).tolist()[:12])

bf = tf.constant((rs.randn(4, 6) * 3).astype(np.float32), tf.bfloat16)
print(tf.nn.softmax_cross_entropy_with_logits(tf.nn.softmax(bf), bf))
