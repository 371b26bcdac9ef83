# Gradients of the segment reductions computed eagerly: sum, mean, max and
# min, sorted and unsorted (negative ids dropped), ties sharing the
# gradient.
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0, 3.0, 5.0])
ids = tf.constant([0, 0, 1, 1, 2])
uids = tf.constant([1, 0, 1, -1, 1])
for name, f in [("segment_sum", lambda v: tf.math.segment_sum(v, ids)),
                ("segment_mean", lambda v: tf.math.segment_mean(v, ids)),
                ("segment_max", lambda v: tf.math.segment_max(v, ids)),
                ("segment_min", lambda v: tf.math.segment_min(v, ids)),
                ("unsorted_sum", lambda v: tf.math.unsorted_segment_sum(v, uids, 3)),
                ("unsorted_mean", lambda v: tf.math.unsorted_segment_mean(v, uids, 3)),
                ("unsorted_max", lambda v: tf.math.unsorted_segment_max(v, uids, 3)),
                ("unsorted_min", lambda v: tf.math.unsorted_segment_min(v, uids, 3))]:
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
        loss = tf.reduce_sum(y * tf.range(1.0, 1.0 + tf.cast(tf.size(y), tf.float32)))
    print(name, y.numpy(), t.gradient(loss, x).numpy())

m = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as t:
    s = tf.math.unsorted_segment_sum(m, [1, 0, 1], 2)
    loss = tf.reduce_sum(s * [[1.0, 2.0], [3.0, 4.0]])
print(s.numpy(), t.gradient(loss, m).numpy())
