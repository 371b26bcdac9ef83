# tf.print float formatting (stderr): whole floats without '.0', 9 significant digits.
import tensorflow as tf

tf.print(tf.constant(2.0), tf.constant(1.5), tf.constant(-0.25), tf.constant(1.0 / 3.0), tf.constant(0.1))
print("float32 and float64 printed by tf.print")
tf.print(tf.constant([1e10, 1e-5, 100.0, 123456.0]), tf.constant(1.0 / 3.0, dtype=tf.float64), tf.constant(2.5, dtype=tf.float64))
