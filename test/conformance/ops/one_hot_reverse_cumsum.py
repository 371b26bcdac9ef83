# tf.one_hot (axis, on/off values and their dtype, out-of-range indices),
# tf.reverse (several axes, run-time dimensions) and tf.math.cumsum/cumprod
# (axis, exclusive, reverse; float sums added in TensorFlow's order), with
# TensorFlow's errors for bad dtypes and axes.
import tensorflow as tf


@tf.function
def hot(i):
    a = tf.one_hot(i, 4)
    b = tf.one_hot(i, 3, on_value=5, off_value=-1)
    c = tf.one_hot(i, 3, axis=0)
    d = tf.one_hot(i, 2, dtype=tf.float64)
    print("traced:", a.shape, b.shape, b.dtype, c.shape, d.dtype)
    return a, b, c, d


print(hot(tf.constant([0, 2, -1, 5])))
print(hot(tf.constant([[0, 1], [2, 3]])))
print(tf.one_hot(tf.constant([1, 0], tf.int64), 3, on_value=True,
                 off_value=False))
print(tf.one_hot(tf.constant([200, 1], tf.uint8), 3, off_value=0.5))


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32),
                              tf.TensorSpec([], tf.int32)])
def hot_dynamic(i, depth):
    h = tf.one_hot(i, depth)
    print("traced:", h.shape)
    return h


print(hot_dynamic(tf.constant([2, 0]), tf.constant(3)))


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def flip(x):
    return (tf.reverse(x, [0]), tf.reverse(x, [1]), tf.reverse(x, [-1, 0]),
            tf.reverse(x, []))


print(flip(tf.reshape(tf.range(6.0), [2, 3])))
print(tf.reverse(tf.constant([1, 2, 3]), axis=[0]))
print(tf.reverse(tf.constant([[True, False]]), tf.constant([1])))


@tf.function
def scan(x):
    return (tf.cumsum(x), tf.cumsum(x, axis=1), tf.cumsum(x, exclusive=True),
            tf.cumsum(x, reverse=True),
            tf.math.cumsum(x, axis=-1, exclusive=True, reverse=True),
            tf.math.cumprod(x, axis=1))


print(scan(tf.constant([[1, 2, 3], [4, 5, 6]])))
print(scan(tf.constant([[0.1, 0.2, 0.3], [0.4, 0.5, 0.7]])))
print(tf.cumsum(tf.constant([0.1] * 20)))
print(tf.cumsum(tf.linspace(0.0, 1.0, 37)).numpy())
print(tf.math.cumprod(tf.constant([1.5, 2.0, 3.0]), exclusive=True))


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float64)])
def running_mean(x):
    total = tf.cumsum(x, axis=1)
    steps = tf.cumsum(tf.ones_like(x), axis=1)
    return total / steps


print(running_mean(tf.constant([[1.0, 2.0, 4.0], [0.3, 0.6, 0.9]],
                               tf.float64)))


def attempt(f):
    try:
        print(f())
    except (TypeError, ValueError, tf.errors.InvalidArgumentError) as e:
        # The first and last lines: "in user code:" frames hold paths.
        lines = str(e).strip().splitlines()
        print(type(e).__name__, lines[0], "|", lines[-1])


attempt(lambda: tf.cumsum(tf.constant([True])))
attempt(lambda: tf.math.cumprod(tf.constant(["a"])))
attempt(lambda: tf.cumsum(tf.constant([1, 2]), axis=2))
attempt(lambda: tf.one_hot(tf.constant([1], tf.int16), 2))
attempt(lambda: tf.one_hot(tf.constant([1]), -2))
attempt(lambda: tf.reverse(tf.constant([1, 2]), [0, 0]))
attempt(lambda: tf.reverse(tf.constant([1, 2]), [1]))


@tf.function
def scan_bool(x):
    return tf.cumsum(x)


@tf.function
def hot_float(x):
    return tf.one_hot(x, 3)


@tf.function
def hot_mixed(x):
    return tf.one_hot(x, 3, on_value=1.0, off_value=0)


attempt(lambda: scan_bool(tf.constant([True])))
attempt(lambda: hot_float(tf.constant([1.0])))
attempt(lambda: hot_mixed(tf.constant([1])))
