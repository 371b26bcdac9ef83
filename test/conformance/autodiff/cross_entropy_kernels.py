# The softmax cross-entropy kernels' gradients (their own backprop,
# exponentials per row as the kernel sums them, the sparse loss's scalar
# log), and a small classifier trained with them inside a tf.function,
# whose loss and weights stay equal to TensorFlow's step after step.
import tensorflow as tf
logits = tf.Variable(tf.random.stateless_normal([16, 10], seed=[1, 2]))
labels = tf.Variable(tf.nn.softmax(tf.random.stateless_normal([16, 10], seed=[3, 4])))
with tf.GradientTape(persistent=True) as tape:
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    sl = tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.range(16) % 10, logits=logits))
print(loss.numpy(), sl.numpy())
gl, gy = tape.gradient(loss, [logits, labels])
print(gl.numpy().tolist())
print(gy.numpy().tolist())
print(tape.gradient(sl, logits).numpy().tolist())
# a small classifier trained for a few steps
w = tf.Variable(tf.random.stateless_normal([4, 3], seed=[5, 6]) * 0.1)
b = tf.Variable(tf.zeros([3]))
x = tf.random.stateless_normal([32, 4], seed=[7, 8])
y = tf.cast(tf.reduce_sum(x, 1) > 0, tf.int32) + tf.cast(x[:, 0] > 1.0, tf.int32)
@tf.function
def step():
    with tf.GradientTape() as tape:
        logits = x @ w + b
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(0.5 * gw)
    b.assign_sub(0.5 * gb)
    return loss
for i in range(30):
    l = step()
    if i % 10 == 9:
        print(i, l.numpy())
print(w.numpy().tolist(), b.numpy().tolist())
