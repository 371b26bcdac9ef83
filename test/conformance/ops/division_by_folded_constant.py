# Inside a tf.function, grappler folds a divisor computed from constants
# (a cast of a static size) and rewrites the division as a multiplication by
# its reciprocal, rounded in the divisor's type: float16 and bfloat16 too.
# DivNoNan is one kernel there, its division exact.
import tensorflow as tf


@tf.function
def mean_by_size(x):
    n = tf.cast(tf.size(x), x.dtype)
    return x / n, tf.reduce_sum(x) / n


@tf.function
def thirds(x):
    return x / 3, tf.math.divide_no_nan(x, 3.0 if x.dtype != tf.int32 else 3)


v = [1.0, 5.0, 7.0, 100.0, 0.1]
for dtype in [tf.float32, tf.float16, tf.bfloat16, tf.float64]:
    print(mean_by_size(tf.constant(v, dtype)))
    print(thirds(tf.constant(v, dtype)))
print(tf.constant(v) / 3)
