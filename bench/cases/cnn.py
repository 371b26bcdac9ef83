# A small CNN's forward pass on a batch of 28x28 images: conv 3x3 (32
# filters), relu, 2x2 max pool, conv 3x3 (64 filters), relu.
import tensorflow as tf

K1 = tf.reshape(tf.range(3 * 3 * 1 * 32, dtype=tf.float32) % 11.0 - 5.0, [3, 3, 1, 32]) / 20.0
K2 = tf.reshape(tf.range(3 * 3 * 32 * 64, dtype=tf.float32) % 13.0 - 6.0, [3, 3, 32, 64]) / 60.0


@tf.function(input_signature=[tf.TensorSpec([32, 28, 28, 1], tf.float32)])
def f(x):
    h = tf.nn.relu(tf.nn.conv2d(x, K1, 1, "SAME"))
    h = tf.nn.max_pool2d(h, 2, 2, "VALID")
    return tf.nn.relu(tf.nn.conv2d(h, K2, 1, "SAME"))
