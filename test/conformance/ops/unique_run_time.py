# tf.unique and tf.unique_with_counts on a function's input: the distinct
# values in order of first occurrence, -0.0 equal to 0.0, each NaN its own.
import tensorflow as tf


@tf.function
def distinct(x):
  y, idx = tf.unique(x)
  return y, idx


print(distinct(tf.constant([1, 1, 2, 4, 4, 4, 7, 8, 8])))
print(distinct(tf.constant([3.0, float("nan"), -0.0, 1.0, 3.0, 0.0, float("nan")])))
print(distinct(tf.constant([], tf.int64)))


@tf.function(input_signature=[tf.TensorSpec([None], tf.int64)])
def counted(x):
  r = tf.unique_with_counts(x, out_idx=tf.int64)
  return r.y, r.idx, r.count, tf.size(r.y)


print(counted(tf.constant([5, 5, 2, 9, 2, 5], tf.int64)))
print(counted(tf.constant([7], tf.int64)))


# A vocabulary built from a batch of token ids, then used to re-index it.
@tf.function
def reindex(tokens):
  vocab, ids = tf.unique(tf.reshape(tokens, [-1]))
  return tf.reshape(ids, tf.shape(tokens)), tf.gather(vocab, ids[:3])


print(reindex(tf.constant([[10, 20, 10], [30, 20, 40]])))
