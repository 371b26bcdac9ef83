# tf.constant of strings with a numeric dtype, numbers with tf.string, and
# mixed sequences raise TensorFlow's TypeError or ValueError.
import tensorflow as tf

cases = [
    (["a", "b"], tf.float32),
    ("a", tf.int32),
    ("a", tf.float64),
    ("a", tf.bool),
    ([1, 2], tf.string),
    (1.5, tf.string),
    (["a", 1.0], None),
    ([1, "a"], None),
    (["a", 1], tf.string),
]
for value, dtype in cases:
    try:
        print(tf.constant(value, dtype))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(tf.constant(["a", b"b"]))
