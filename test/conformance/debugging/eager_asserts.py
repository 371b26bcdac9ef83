# tf.debugging's assertions outside functions: a check that holds returns
# None; one that fails raises InvalidArgumentError with the Python layer's
# message (the first differing indices and values, or the data given).
import tensorflow as tf

x = tf.constant([1, 2, 3])
y = tf.constant([1, 5, 3])
print(tf.debugging.assert_equal(x, x), tf.debugging.assert_equal(1, 1))
print(tf.debugging.assert_less(x, y + 1), tf.debugging.assert_positive(x))
print(tf.debugging.check_numerics(tf.constant([1.0, 2.0]), "ok"))
print(tf.debugging.assert_all_finite(tf.constant([1.0]), "ok"))
print(tf.debugging.is_numeric_tensor(tf.constant(1)), tf.debugging.is_numeric_tensor(3))

checks = [
    lambda: tf.debugging.assert_equal(x, y, message="oops"),
    lambda: tf.debugging.assert_equal(tf.constant(1), tf.constant(2)),
    lambda: tf.debugging.assert_equal(tf.constant([1.0, 2.0]), 1.0, message="msg"),
    lambda: tf.debugging.assert_none_equal(x, y),
    lambda: tf.debugging.assert_greater(tf.constant([[1, 2], [3, 4]]), 2, summarize=2),
    lambda: tf.debugging.assert_greater_equal(x, 2),
    lambda: tf.debugging.assert_less_equal(tf.range(10), 3, summarize=-1),
    lambda: tf.assert_less(tf.constant([[1.5, 2.0], [0.5, 3.0]]), tf.constant([[1.0, 2.5], [1.0, 1.0]])),
    lambda: tf.debugging.assert_positive(y - 2),
    lambda: tf.debugging.assert_negative(tf.constant(3.5)),
    lambda: tf.debugging.assert_non_negative(tf.constant([-1.5, 2.0]), message="neg"),
    lambda: tf.debugging.assert_non_positive(tf.range(6), summarize=4),
    lambda: tf.debugging.check_numerics(tf.constant([1.0, float("nan")]), "bad"),
    lambda: tf.debugging.check_numerics(tf.constant([float("inf"), float("nan")], tf.float64), "both"),
    lambda: tf.debugging.assert_all_finite(tf.constant([1.0, float("inf")]), "inf!"),
    lambda: tf.debugging.assert_near(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.1])),
    lambda: tf.debugging.Assert(False, [tf.constant([[1.5, 2.25], [3.0, 4.0]]), "hi", 3, tf.range(10)]),
    lambda: tf.Assert(tf.reduce_all(x > 1), [x], summarize=1),
]
for check in checks:
    try:
        check()
        print("passed")
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError:", repr(e.message))

for check in [lambda: tf.debugging.assert_rank(x, 2), lambda: tf.assert_rank(x, 1),
              lambda: tf.debugging.assert_rank_at_least(x, 2, message="r"),
              lambda: tf.debugging.assert_type(x, tf.float32),
              lambda: tf.debugging.assert_type(x, tf.int32, message="t")]:
    try:
        check()
        print("passed")
    except (ValueError, TypeError) as e:
        print(type(e).__name__, repr(str(e)))
