# Small dtype facts: strings have zeros but no ones, bool is not unsigned,
# numpy.float64 is a float, and NumPy arrays refuse Python ints out of
# their integer dtype's range.
import numpy as np
import tensorflow as tf
tests = [
    lambda: tf.ones_like(tf.constant("a")),
    lambda: tf.ones([2], dtype=tf.string),
    lambda: tf.zeros([2], dtype=tf.string),
    lambda: tf.zeros_like(tf.constant(["a", "b"])),
    lambda: tf.fill([2], "x"),
    lambda: tf.bool.is_unsigned,
    lambda: tf.uint8.is_unsigned,
    lambda: (tf.bool.is_integer, tf.bool.is_floating, tf.bool.is_bool),
    lambda: isinstance(np.float64(1), float),
    lambda: isinstance(np.float32(1), float),
    lambda: isinstance(np.int64(1), int),
    lambda: np.array([300], dtype=np.uint8),
    lambda: np.array([-1], dtype=np.uint8),
    lambda: np.array([200], dtype=np.int8),
]
for t in tests:
    try:
        print(t())
    except Exception as e:
        print(type(e).__name__, e)
