# Gradients through staged loops whose state has None dimensions (an
# input_signature with a None batch): the state keeps its run-time shape
# from one iteration to the next.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def dyn_state(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x
        for i in tf.range(2):
            y = y * x
        s = tf.reduce_sum(y)
    return t.gradient(s, x)
print(dyn_state(tf.constant([1.0, 2.0])))
print(dyn_state(tf.constant([1.0, 2.0, 3.0])))

w = tf.Variable([[0.5, -0.2, 0.3], [0.1, 0.3, -0.4], [0.2, 0.2, 0.1]])
u = tf.Variable([[0.3, 0.1, -0.2], [-0.5, 0.4, 0.2]])

@tf.function(input_signature=[tf.TensorSpec([None, None, 2], tf.float32)])
def rnn(xs):
    with tf.GradientTape() as t:
        batch = tf.shape(xs)[1]
        h = tf.zeros([batch, 3])
        for i in tf.range(tf.shape(xs)[0]):
            h = tf.tanh(tf.matmul(h, w) + tf.matmul(xs[i], u))
        loss = tf.reduce_mean(tf.square(h))
    return loss, t.gradient(loss, [w, u])
print(rnn(tf.reshape(tf.range(12, dtype=tf.float32), [3, 2, 2]) / 10.0))
