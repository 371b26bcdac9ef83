# A training step's gradient through a staged loop: a tanh RNN over 50
# time steps, differentiated with tf.GradientTape inside the tf.function.
import tensorflow as tf

W = tf.reshape(tf.range(64 * 64, dtype=tf.float32) % 7.0 - 3.0, [64, 64]) / 40.0


@tf.function(input_signature=[tf.TensorSpec([50, 32, 64], tf.float32)])
def f(xs):
    with tf.GradientTape() as tape:
        tape.watch(xs)
        h = tf.zeros([32, 64])
        for t in tf.range(50):
            h = tf.tanh(tf.matmul(h, W) + xs[t])
        loss = tf.reduce_sum(h * h)
    return tape.gradient(loss, xs)
