# sqrt, exp, log, tanh, sigmoid and relu on inputs with exactly representable results.
import tensorflow as tf


@tf.function
def unary(x):
    return tf.sqrt(x), tf.math.sqrt(x * 4.0), tf.exp(x * 0.0), tf.math.log(x * 0.0 + 1.0), tf.tanh(x * 0.0), tf.sigmoid(x * 0.0), tf.nn.relu(x - 5.0)


for r in unary(tf.constant([0.0, 1.0, 4.0, 6.25, 16.0])):
    print(r)
print(tf.sqrt(tf.constant([2.0])))
print(tf.sqrt(tf.constant(2.0, dtype=tf.float64)))
print(tf.round(tf.exp(tf.constant([1.0, 2.0, -1.0])) * 1000.0))
print(tf.round(tf.math.log(tf.constant([2.0, 10.0, 0.5])) * 1000.0))
print(tf.round(tf.tanh(tf.constant([0.5, -1.0, 3.0])) * 1000.0))
print(tf.round(tf.sigmoid(tf.constant([1.0, -2.0, 4.0])) * 1000.0))
print(tf.nn.relu(tf.constant([-3, 0, 3])))
print(tf.math.log(tf.constant([0.0])), tf.sqrt(tf.constant([-1.0])))
