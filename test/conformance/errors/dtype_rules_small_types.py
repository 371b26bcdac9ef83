# Dtypes the ops' definitions allow or refuse, eagerly and while tracing:
# `/` of bools is truediv's TypeError; bincount's DenseBincount takes int32
# and int64 values only; tf.nn.moments of int8 fails on its
# SquaredDifference; the segment reductions take no bools; scatter_nd of
# bools or-s the updates at one position (the CPU kernel's bool sum).
import tensorflow as tf

b = tf.constant([True, False])
cases = {
    "bool / bool": lambda: b / b,
    "bincount int8": lambda: tf.math.bincount(tf.constant([1, 2], tf.int8)),
    "bincount uint8": lambda: tf.math.bincount(tf.constant([1, 2], tf.uint8)),
    "bincount int64": lambda: tf.math.bincount(tf.constant([1, 2], tf.int64)),
    "moments int8": lambda: tf.nn.moments(tf.constant([1, 2], tf.int8), [0]),
    "moments int32": lambda: tf.nn.moments(tf.constant([1, 2], tf.int32), [0]),
    "squared_difference int16":
        lambda: tf.math.squared_difference(tf.constant([1], tf.int16),
                                           tf.constant([3], tf.int16)),
    "segment_sum bool": lambda: tf.math.segment_sum(b, [0, 0]),
    "unsorted_segment_max bool":
        lambda: tf.math.unsorted_segment_max(b, tf.constant([0, 1]),
                                             tf.constant(2)),
    "unsorted_segment_mean bool":
        lambda: tf.math.unsorted_segment_mean(b, [0, 1], 2),
    "scatter_nd bool": lambda: tf.scatter_nd([[0], [2], [0]],
                                             [True, True, False], [3]),
}
for name, f in cases.items():
    for mode, run in [("eager", f), ("traced", tf.function(f))]:
        try:
            print(name, mode, "->", run())
        except Exception as e:
            print(name, mode, "->", type(e).__name__,
                  str(e).strip().splitlines()[-1])


@tf.function
def scatter(indices):
    return tf.scatter_nd(indices, [True, False, True], [4])


print(scatter(tf.constant([[1], [1], [3]])))
