# tf.concat converts the Python lists and NumPy arrays among its values to
# the dtype of the first tensor among them, as its list argument does;
# one that cannot convert fails eagerly, and names the types in a function.
import tensorflow as tf
import numpy as np
r = tf.constant([1, 2], tf.int64)
f = tf.constant([1.0], tf.float64)
print(tf.concat([r, [0]], 0))
print(tf.concat([[0], r], 0))
print(tf.concat([f, [2]], 0))
print(tf.concat([[3.5], f], 0))
print(tf.function(lambda r: tf.concat([r, [0], (7,)], 0))(r))
print(tf.stack([r, [5, 6]]))
for vals in ([r, [0.5]], [r, np.array([1], np.int32)], [f, np.array([2.0], np.float32)]):
    try:
        print(tf.concat(vals, 0))
    except Exception as e:
        print(type(e).__name__, e)
    try:
        print(tf.function(lambda: tf.concat(vals, 0))())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1])
