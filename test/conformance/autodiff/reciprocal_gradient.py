# The gradient of tf.math.reciprocal is TensorFlow's ReciprocalGrad,
# -(y * y) * dy, rounded alike in the packet and the tail.
import tensorflow as tf
x = tf.constant([0.3, 1.7, -2.9, 0.11, 5.5, 7.1, 0.77, 3.3, 9.9, 0.013])
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.math.reciprocal(x) * tf.constant([1.1, 0.7, 1.3, 0.9, 2.1, 0.3, 1.7, 0.2, 0.6, 1.9])
print([float(v) for v in t.gradient(y, x).numpy()])
