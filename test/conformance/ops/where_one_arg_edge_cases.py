# tf.where with one argument: non-bool conditions (nonzero is true, -0.0 is
# not), scalars, and no true element at all.
import tensorflow as tf

print(tf.where(tf.constant([0.0, -0.0, 2.5, -1.0])))
try:
    tf.where(tf.constant(True))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", e)
print(tf.where(tf.constant([[0, 0], [0, 0]])))
print(tf.where(tf.constant([[[1], [0]], [[0], [7]]])))
try:
    tf.where(tf.constant([True]), x=tf.constant([1]))
except ValueError as e:
    print("ValueError:", e)
