# A softmax classifier trained with a cross-entropy loss written with
# tf.math.log, on a batch of 12: the softmax scales rows by Eigen's packet
# reciprocal and Log's gradient multiplies by Reciprocal(x), so gradients
# and weights agree with TensorFlow's to the last bit.
import numpy as np
import tensorflow as tf

rng_x = np.linspace(-1.0, 1.0, 36).astype(np.float32).reshape(12, 3)
x = tf.constant(rng_x)
labels = tf.constant([0, 1, 2, 1, 0, 2, 2, 1, 0, 0, 1, 2])
w = tf.Variable(tf.reshape(tf.range(9, dtype=tf.float32) / 10.0 - 0.4, [3, 3]))
b = tf.Variable(tf.zeros([3]))


@tf.function
def train_step(x, labels):
    with tf.GradientTape() as tape:
        probs = tf.nn.softmax(tf.matmul(x, w) + b)
        picked = tf.reduce_sum(tf.one_hot(labels, 3) * tf.math.log(probs), axis=1)
        loss = -tf.reduce_mean(picked)
    dw, db = tape.gradient(loss, [w, b])
    w.assign_sub(0.5 * dw)
    b.assign_sub(0.5 * db)
    return loss, dw


for step in range(4):
    loss, dw = train_step(x, labels)
    print(step, float(loss), [float(v) for v in tf.reshape(dw, [-1]).numpy()])
print([float(v) for v in tf.reshape(w, [-1]).numpy()])
print([float(v) for v in b.numpy()])
