# Gradients of max, min and reshape through dimensions known only at run
# time (a batch of None rows).
import tensorflow as tf
w = tf.Variable([[1.0, 2.0], [2.0, 0.5], [0.5, 2.0]])

@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def grads(x):
    with tf.GradientTape(persistent=True) as tape:
        h = x @ w
        a = tf.reduce_sum(tf.reduce_max(h, axis=1))
        b = tf.reduce_sum(tf.reduce_min(h, axis=0, keepdims=True))
        c = tf.reduce_max(h)
        d = tf.reduce_sum(tf.reshape(h, [-1]) * 2.0)
        e = tf.reduce_sum(tf.reduce_max(tf.reshape(h, [-1, 1, 2]), axis=[1, 2]))
    return [tape.gradient(t, w) for t in (a, b, c, d, e)]

for g in grads(tf.constant([[1.0, 1.0, 1.0], [2.0, 0.0, 1.0]])):
    print(g)
for g in grads(tf.constant([[1.0, 2.0, 3.0]])):
    print(g)
