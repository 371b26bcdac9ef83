# A two-layer perceptron's forward pass on a batch: matmul, bias, relu,
# matmul, softmax.
import tensorflow as tf

W1 = tf.reshape(tf.range(784 * 128, dtype=tf.float32) % 17.0 - 8.0, [784, 128]) / 100.0
W2 = tf.reshape(tf.range(128 * 10, dtype=tf.float32) % 13.0 - 6.0, [128, 10]) / 50.0


@tf.function(input_signature=[tf.TensorSpec([256, 784], tf.float32)])
def f(x):
    h = tf.nn.relu(tf.matmul(x, W1) + 0.1)
    return tf.nn.softmax(tf.matmul(h, W2))
