# Segment max and min take the row first (std::max(row, result)): a NaN
# row replaces the result so far and the next row replaces a NaN.
# searchsorted(side='right') counts the elements a NaN is not below: all.
import tensorflow as tf

d = tf.constant([float('nan'), 1.0, 2.0, float('nan'), 3.0, float('nan'), 4.0])
ids = tf.constant([0, 0, 1, 1, 2, 2, 2])
print(tf.math.segment_max(d, ids))
print(tf.math.segment_min(d, ids))
print(tf.math.unsorted_segment_max(d, ids, 3))
print(tf.math.unsorted_segment_min(d, ids, 3))


@tf.function
def f(d, ids):
    return (tf.math.segment_max(d, ids), tf.math.unsorted_segment_min(d, ids, 3))


print(f(d, ids))
s = tf.constant([1.0, 2.0, 3.0])
v = tf.constant([float('nan'), 2.0, 0.5, 9.0])
print(tf.searchsorted(s, v, side='right'), tf.searchsorted(s, v, side='left'))
