# Unsorted segment reductions of values known only at run time: one kernel
# each, combining the rows into their segments in order (so float sums
# round as TensorFlow's); a negative id drops its row, and num_segments may
# be a tensor.
import numpy as np
import tensorflow as tf

np.random.seed(1)
data = tf.constant(np.random.randn(200, 3).astype(np.float32))
ids = tf.constant(np.random.randint(-1, 4, size=200).astype(np.int32))


@tf.function
def reductions(d, i, n):
    return (tf.math.unsorted_segment_sum(d, i, n),
            tf.math.unsorted_segment_max(d, i, n),
            tf.math.unsorted_segment_min(d, i, n),
            tf.math.unsorted_segment_prod(d[:8], i[:8], n),
            tf.math.unsorted_segment_mean(d, i, n))


for t in reductions(data, ids, tf.constant(5)):
    print(t.numpy().tolist())


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.int64),
                              tf.TensorSpec([None, 2], tf.int64)])
def by_pairs(values, pair_ids):
    return tf.math.unsorted_segment_sum(values, pair_ids, 3)


print(by_pairs(tf.constant([[1, 2], [3, 4], [5, 6]], tf.int64),
               tf.constant([[0, 2], [2, -1], [1, 0]], tf.int64)))


@tf.function
def grads(d, i):
    with tf.GradientTape() as tape:
        tape.watch(d)
        y = tf.reduce_sum(tf.math.unsorted_segment_max(d, i, 4) *
                          tf.constant([1.0, 2.0, 3.0, 4.0])[:, None])
        y += tf.reduce_sum(tf.math.unsorted_segment_sum(d * d, i, 4))
    return tape.gradient(y, d)


print(grads(data[:6], ids[:6]).numpy().tolist())

for bad_ids, n in (([0, 7, 1], 3), ([0, 1, 1], -1)):
    try:
        reductions(data[:3], tf.constant(bad_ids), tf.constant(n))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, str(e).splitlines()[-2])
