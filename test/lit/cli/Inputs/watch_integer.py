# Watching tensors and variables that are not floating point (TensorFlow 2.20 warns five times).
import tensorflow as tf
x = tf.constant(3)
v = tf.Variable(2)
with tf.GradientTape() as t:
    t.watch(x)
    t.watch([x, tf.constant(2.0)])
    t.watch(v)
    y = x * x
print(t.gradient(y, x))
with tf.GradientTape() as t:
    t.watch(tf.constant(True))
    t.watch(tf.constant(1, tf.int64))
    t.watch(tf.constant(1, tf.float16))
