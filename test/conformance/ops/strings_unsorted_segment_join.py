# tf.strings.unsorted_segment_join: the strings of each segment joined in
# input order (the separator only once a segment holds text), rows past
# segment_ids' dimensions kept; the kernel's checks eagerly and when a
# function runs.
import tensorflow as tf

join = tf.strings.unsorted_segment_join


def attempt(f, *args, **kwargs):
    try:
        print(f(*args, **kwargs))
    except Exception as e:
        # (Without the number TensorFlow gives a traced function.)
        text = str(e)
        if text.startswith("{{function_node __inference"):
            text = text.split("}} ", 1)[1].splitlines()[0]
        print(type(e).__name__, text)


attempt(join, ["a", "b", "c"], [0, 1, 0], 2)
attempt(join, ["a", "b", "c"], [0, 1, 0], 3, separator=":")
attempt(join, [["a", "b"], ["c", "d"]], [1, 1], 2, separator=":")
attempt(join, [["a", "b"], ["c", "d"]], [[1, 0], [0, 0]], 2)
attempt(join, ["", "b", "", "c"], [0, 0, 0, 1], 2, separator=":")
attempt(join, ["a", "b"], [0, 5], 2)
attempt(join, ["a", "b"], [0, -1], 2)
attempt(join, ["a", "b"], [0], 2)
attempt(join, ["a", "b"], [0, 1], -1)
attempt(join, ["a", "b"], [[0, 1]], 2)
attempt(join, "a", 0, 2)
attempt(join, ["a", "b"], [0, 1], 0)
attempt(join, tf.constant(["a", "b"]), tf.constant([0, 1], tf.int64),
        tf.constant(2, tf.int64))
attempt(join, ["a", "b"], [0.0, 1.0], 2)
plus = tf.function(lambda s, i: join(s, i, 3, separator="+"))
attempt(plus, tf.constant(["x", "y", "z"]), tf.constant([2, 2, 0]))
attempt(plus, tf.constant(["x", "y", "z"]), tf.constant([2, 5, 0]))
print(plus.get_concrete_function(tf.TensorSpec([None], tf.string),
                                 tf.TensorSpec([None], tf.int32)).outputs)
rows = tf.function(lambda s, i, n: join(s, i, n))
print(rows.get_concrete_function(tf.TensorSpec([None, 2], tf.string),
                                 tf.TensorSpec([None], tf.int32),
                                 tf.TensorSpec([], tf.int32)).outputs)
attempt(rows, tf.constant([["a", "b"], ["c", "d"]]), tf.constant([1, 1]),
        tf.constant(3))
