# tf.range with integer bounds past 2^53 counts in integers (eagerly and
# in a tf.function), Python bounds convert to the dtype given, and large
# float ranges are computed in place.
import tensorflow as tf

print(tf.range(2**60, 2**60 + 3))
print(tf.range(2**60 + 5, 2**60, -2))
print(tf.range(-(2**62), -(2**62) + 7, 3, dtype=tf.int64))
print(tf.range(2**31 - 3, 2**31 - 1))


@tf.function
def f():
    return tf.range(2**60, 2**60 + 3), tf.range(9007199254740993, 9007199254740990, -1)


print(f())

big = tf.range(0.0, 2e7, 1.0)
print(big.shape, big[-1], tf.reduce_sum(big[:1000]))
half = tf.range(0.0, 100.0, 0.7, dtype=tf.float16)
print(half[-3:], half.shape)
wide = tf.range(0.5, 1e6, 0.25, dtype=tf.float64)
print(wide.shape, wide[-2:])
# Python bounds convert to the dtype given first: an int past int32 wraps
# around, a float for an integer dtype is a TypeError.
for args, kw in [((2**31 - 2, 2**31 + 1), {"dtype": tf.int32}),
                 ((2**31 + 1,), {"dtype": tf.int32}),
                 ((2**31 + 1, 2**31 + 4), {"dtype": tf.int32}),
                 ((5, 2**32 + 7, 2**32), {"dtype": tf.int32}),
                 ((0.5, 3.0), {"dtype": tf.int32}),
                 ((1, 3.5), {"dtype": tf.int64}),
                 ((2**62, -(2**62), 2**61), {})]:
    try:
        print(tf.range(*args, **kw))
    except Exception as e:
        print(type(e).__name__, e)


# Bounds known only at run time: the length of an int32 range whose
# limit - start passes 2^31.
@tf.function
def run_time(start, limit, delta):
    return tf.range(start, limit, delta)


print(run_time(tf.constant(-2**31), tf.constant(2**31 - 1), tf.constant(2**30)))
print(run_time(tf.constant(2**31 - 1), tf.constant(-2**31), tf.constant(-2**31)))
