# A training step whose batch size is None in its input_signature: the
# gradients of Mean, Sum, a bias add and both cross-entropy losses take
# their sizes at run time, and a matmul over a None batch rounds as
# TensorFlow's (fused multiply-adds once the run-time sizes exceed 1).
import tensorflow as tf

w = tf.Variable(tf.reshape(tf.sin(tf.range(12, dtype=tf.float32)), [4, 3]))
b = tf.Variable(tf.cos(tf.range(3, dtype=tf.float32)) * 0.1)


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32),
                              tf.TensorSpec([None], tf.int32)])
def step(x, y):
    with tf.GradientTape() as tape:
        logits = tf.matmul(x, w) + b
        loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y,
                                                           logits=logits))
        loss += 0.01 * tf.reduce_sum(tf.reduce_mean(tf.square(logits), 0))
    gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(0.1 * gw)
    b.assign_sub(0.1 * gb)
    return loss


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32),
                              tf.TensorSpec([None, 3], tf.float32)])
def dense_loss(z, p):
    with tf.GradientTape() as tape:
        tape.watch(z)
        loss = tf.reduce_mean(
            tf.nn.softmax_cross_entropy_with_logits(labels=p, logits=z))
    return loss, tape.gradient(loss, z)


x = tf.reshape(tf.cos(tf.range(20, dtype=tf.float32)), [5, 4])
y = tf.constant([0, 2, 1, 1, 0])
for _ in range(3):
    print(step(x, y).numpy())
print(step(x[:1], y[:1]).numpy())
print(w.numpy())
print(b.numpy())
loss, grad = dense_loss(tf.reshape(tf.sin(tf.range(6.0)), [2, 3]),
                        tf.constant([[0.5, 0.5, 0.0], [0.0, 0.0, 1.0]]))
print(loss.numpy())
print(grad.numpy())
