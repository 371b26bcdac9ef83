# A loss over a TensorArray stacked after a staged loop, against a target
# of fixed shape: the stacked length is known only when the function runs,
# and the gradient of the broadcasting op between them takes it to match
# the target's (as it must, unless it is a broadcast 1).
import tensorflow as tf

w = tf.Variable(2.0)
cell = tf.Variable([[0.5, -0.2], [0.1, 0.3]])


@tf.function
def scaled(n, target):
  with tf.GradientTape() as tape:
    ta = tf.TensorArray(tf.float32, size=n)
    for t in tf.range(n):
      ta = ta.write(t, w * tf.cast(t, tf.float32))
    loss = tf.reduce_sum((ta.stack() - target)**2)
  return loss, tape.gradient(loss, w)


@tf.function
def rnn(xs, targets):
  with tf.GradientTape() as tape:
    h = tf.zeros([2])
    outs = tf.TensorArray(tf.float32, size=tf.shape(xs)[0])
    for t in tf.range(tf.shape(xs)[0]):
      h = tf.tanh(tf.linalg.matvec(cell, xs[t]) + h * 0.5)
      outs = outs.write(t, h)
    loss = tf.reduce_mean(tf.square(outs.stack() - targets))
  return loss, tape.gradient(loss, cell)


for result in scaled(tf.constant(3), tf.constant([1.0, 1.0, 4.0])):
  print(result.numpy())
xs = tf.constant([[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]])
targets = tf.constant([[0.1, 0.2], [0.3, 0.1], [0.0, 0.5]])
for result in rnn(xs, targets):
  print(result.numpy())
