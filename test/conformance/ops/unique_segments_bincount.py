# tf.unique, unique_with_counts, tf.math's sorted and unsorted segment
# reductions and bincount: eagerly (computed from the values), their
# kernels' errors, and inside tf.function (unsorted reductions of run-time
# values with a static num_segments; the others on constants).
import tensorflow as tf

x = tf.constant([1, 1, 2, 4, 4, 4, 7, 8, 8])
y, idx = tf.unique(x)
print(y, idx)
y, idx, cnt = tf.unique_with_counts(tf.constant([3, 1, 3, 2, 1, 3]), out_idx=tf.int64)
print(y, idx, cnt)
print(tf.unique(tf.constant([0.5, -0.0, 0.0, 0.5, 2.0])))
print(tf.unique(tf.constant(["b", "a", "b"])))
data = tf.constant([[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]])
print(tf.math.segment_sum(data, tf.constant([0, 0, 1])))
print(tf.math.segment_sum(data, tf.constant([0, 0, 2])))
print(tf.math.segment_prod(data, tf.constant([0, 1, 1])))
print(tf.math.unsorted_segment_sum(tf.constant([1., 2., 3., 4.]), tf.constant([1, 0, 1, 3]), num_segments=4))
print(tf.math.unsorted_segment_max(tf.constant([1., 2., 3., 4.]), tf.constant([1, 0, 1, 3]), num_segments=5))
print(tf.math.unsorted_segment_min(tf.constant([1, 2, 3, 4]), tf.constant([1, 0, -1, 1]), num_segments=3))
print(tf.math.unsorted_segment_prod(tf.constant([1.5, 2., 3., 4.]), tf.constant([1, 0, 1, 1]), num_segments=2))
print(tf.math.segment_mean(tf.constant([1.0, 2.0, 3.0, 5.0]), tf.constant([0, 0, 1, 1])))
print(tf.math.segment_mean(tf.constant([1, 2, 3, 6]), tf.constant([0, 0, 1, 1])))
print(tf.math.segment_max(tf.constant([1, 5, 3, 2]), tf.constant([0, 0, 2, 2])))
print(tf.math.segment_min(tf.constant([1.5, 5., 3., 2.]), tf.constant([0, 1, 1, 3])))
print(tf.math.bincount(tf.constant([1, 1, 3, 0, 5])))
print(tf.math.bincount(tf.constant([1, 1, 3]), minlength=6), tf.math.bincount(tf.constant([1, 1, 3]), maxlength=2))
print(tf.math.bincount(tf.constant([1, 1, 3]), weights=tf.constant([0.5, 0.25, 2.0])))
print(tf.math.bincount(tf.constant([], dtype=tf.int32)))
for bad in [lambda: tf.math.segment_sum(data, tf.constant([1, 0, 1])),
            lambda: tf.math.unsorted_segment_sum(data, tf.constant([0, 5, 1]), 3),
            lambda: tf.unique(tf.constant([[1, 2]]))]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, str(e).split(" [Op")[0].split("\n")[0])

@tf.function
def g(d, s):
    return tf.math.unsorted_segment_sum(d, s, 3), tf.math.unsorted_segment_max(d, s, 4), tf.unique(tf.constant([5, 5, 1]))

print(g(tf.constant([1., 2., 3., 4.5]), tf.constant([0, 2, 0, 2])))
