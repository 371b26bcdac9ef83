# tf.linspace with an integer start is float64 (float32 for a float), and
# tf.eye repeats its matrix over batch_shape.
import tensorflow as tf
print(tf.linspace(1, 5, 3)); print(tf.linspace(1.0, 5.0, 4)); print(tf.linspace(tf.constant(1), 4, 4))
print(tf.eye(2, batch_shape=[2]))
print(tf.eye(2, 3, batch_shape=[2, 1], dtype=tf.int32))
try:
    tf.eye(2, batch_shape=[-1])
except tf.errors.InvalidArgumentError as e:
    print(e)
