# Gradients of a softmax cross-entropy written by hand (TensorFlow's Softmax
# gradient) and of reduce_max (shared between ties).
import tensorflow as tf
logits = tf.Variable([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]])
labels = tf.constant([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
with tf.GradientTape(persistent=True) as tape:
    p = tf.nn.softmax(logits)
    loss = -tf.reduce_mean(tf.reduce_sum(labels * tf.math.log(p), axis=1))
    mx = tf.reduce_max(logits, axis=1)
print(loss, tape.gradient(loss, logits))
print(tape.gradient(mx, logits))
