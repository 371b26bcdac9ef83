# The gradient through tf.boolean_mask is a dense tensor: TensorFlow reshapes
# the masked dimensions before its gather, and the Reshape's gradient
# densifies the gather's IndexedSlices.
import tensorflow as tf
w = tf.Variable([1.0, -2.0, 3.0])
with tf.GradientTape() as t:
    loss = tf.reduce_sum(tf.boolean_mask(w, w > 0) ** 2)
print(t.gradient(loss, w))
m = tf.Variable([[1.0, -2.0], [3.0, 4.0]])
with tf.GradientTape() as t:
    loss = tf.reduce_sum(tf.boolean_mask(m, [True, False]))
print(t.gradient(loss, m))
with tf.GradientTape() as t:
    loss = tf.reduce_sum(tf.boolean_mask(m, m > 0))
print(t.gradient(loss, m))
with tf.GradientTape() as t:
    loss = tf.reduce_sum(tf.gather(w, [0, 2]))
print(type(t.gradient(loss, w)).__name__)
@tf.function
def step():
    with tf.GradientTape() as t:
        loss = tf.reduce_sum(tf.boolean_mask(w, w > 0) ** 2)
    g = t.gradient(loss, w)
    w.assign_sub(0.1 * g)
    return loss
print(step()); print(w.numpy())
v = tf.Variable(tf.ones([3, 2]))
with tf.GradientTape() as t:
    loss = tf.reduce_sum(v[tf.constant([True, False, True])] * 3.0)
print(t.gradient(loss, v))
