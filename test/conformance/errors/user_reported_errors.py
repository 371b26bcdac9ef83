# Errors a new user met: tf.cond on a Python bool while tracing, a one-element
# predicate, tf.searchsorted's rows, segment ops on Python lists, bincount's
# kernel name, and unsorted segment shapes while tracing.
import tensorflow as tf


def attempt(f):
    try:
        print(f())
    except (TypeError, ValueError, tf.errors.InvalidArgumentError) as e:
        lines = str(e).strip().splitlines()
        print(type(e).__name__, lines[0].split("__inference")[0], "|",
              lines[-1].split("[Op:__inference")[0].strip())


@tf.function
def python_bool():
    return tf.cond(True, lambda: 1, lambda: 2)


@tf.function
def one_element(p):
    return tf.cond(p, lambda: 1, lambda: 2)


attempt(python_bool)
attempt(lambda: tf.cond(True, lambda: 1, lambda: 2))
attempt(lambda: one_element(tf.constant([True])))
attempt(lambda: one_element(tf.constant([[False]])))
attempt(lambda: tf.searchsorted([[1, 2]], [[1], [2]]))
attempt(lambda: tf.searchsorted([[1, 2]], [[1], [2]], side="right"))
attempt(lambda: tf.function(lambda a, b: tf.searchsorted(a, b))(
    tf.constant([[1, 2]]), tf.constant([[1], [2]])))
attempt(lambda: tf.math.segment_max([1, 2, 3], [0, 2, 1]))
attempt(lambda: tf.math.segment_mean([1., 2., 3.], [0, 0]))
attempt(lambda: tf.math.unsorted_segment_sum([1, 2, 3], [0, 5, 1], 3))
attempt(lambda: tf.math.segment_sum(tf.constant([1, 2, 3]), tf.constant([1, 0, 0])))
attempt(lambda: tf.math.bincount([-1, 2]))
attempt(lambda: tf.function(lambda x: tf.math.bincount(x))(tf.constant([-1, 2])))
attempt(lambda: tf.function(lambda d, i: tf.math.unsorted_segment_sum(d, i, 2))(
    tf.zeros([4, 3]), tf.zeros([4, 1], tf.int32)))
attempt(lambda: tf.function(lambda d, i: tf.math.unsorted_segment_max(d, i, tf.constant(2)))(
    tf.zeros([4, 3]), tf.zeros([4, 1], tf.int32)))
