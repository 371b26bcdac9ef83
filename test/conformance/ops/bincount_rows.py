# tf.math.bincount(axis=-1) counts each row of a matrix apart; axis takes
# only 0 and -1.
import tensorflow as tf
m = tf.constant([[1, 2, 2], [0, 0, 3]])
print(tf.math.bincount(m, axis=-1))
print(tf.math.bincount(m, axis=-1, minlength=6))
print(tf.math.bincount(m, axis=-1, maxlength=2))
print(tf.math.bincount(m, axis=-1, binary_output=True))
print(tf.math.bincount(m, weights=tf.constant([[0.5, 1.0, 2.0], [1.0, 1.5, 3.0]]), axis=-1))
print(tf.math.bincount(tf.constant([3, 1, 1]), axis=-1))
print(tf.math.bincount(m, axis=0))
try:
    print(tf.math.bincount(m, axis=1))
except Exception as e:
    print(type(e).__name__, e)
