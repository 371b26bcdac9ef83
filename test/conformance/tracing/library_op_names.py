# Library functions name their nodes as TensorFlow's Python wrappers do,
# which a print of a symbolic tensor shows: the bitwise operators open a
# name scope ("and"; an integer op inside it, "and_1/BitwiseAnd"),
# tf.nn.avg_pool calls the generated op ("AvgPool"), dropout, clip_by_norm
# and sequence_mask work in their name scopes (clip_by_norm's result is
# named as its scope), and l2_loss is one L2Loss node.
import tensorflow as tf


@tf.function
def bits(a, b, i, j):
  r = [a & b, a | b, a ^ b, ~a, i & j, i | j, i ^ j, ~i,
       tf.bitwise.bitwise_and(i, j), tf.bitwise.bitwise_xor(i, j),
       tf.math.logical_and(a, b)]
  print([t.name for t in r])
  return r


@tf.function
def layers(x):
  r = [tf.nn.max_pool(x, 2, 2, "VALID"), tf.nn.avg_pool(x, 2, 2, "VALID"),
       tf.nn.avg_pool2d(x, 2, 2, "VALID"), tf.nn.dropout(x, 0.5, seed=1),
       tf.clip_by_norm(x, 1.0), tf.clip_by_norm(x, 2.0, name="clip"),
       tf.nn.l2_loss(x), tf.sequence_mask([1, 2], 3),
       tf.sequence_mask([1, 2], 3, dtype=tf.float32), tf.abs(x)]
  print([t.name for t in r])
  return r[1], r[4], r[6], r[7]


for t in bits(tf.constant([True, False]), tf.constant([True, True]),
              tf.constant([1, 6]), tf.constant([3, 4])):
  print(t.numpy())
for t in layers(tf.reshape(tf.range(16.0), [1, 4, 4, 1]) / 16.0):
  print(t.numpy())
