# Grappler's LogSoftmaxStage: inside a tf.function, Log(Softmax(x)) whose
# only consumer is the Log is computed as LogSoftmax(x); with another
# consumer (a returned softmax, a gradient) or on another axis it is not.
import numpy as np
import tensorflow as tf

rs = np.random.RandomState(3)
logits = tf.constant(rs.randn(8, 300).astype(np.float32) * 4.0)
labels = tf.one_hot(rs.randint(0, 300, 8), 300)


def bits(t):
  return int(tf.reduce_sum(tf.cast(tf.bitcast(t, tf.int32), tf.int64)))


@tf.function
def cross_entropy(logits, labels):
  return -tf.reduce_sum(labels * tf.math.log(tf.nn.softmax(logits)), axis=1)


@tf.function
def both(x):
  p = tf.nn.softmax(x)
  return tf.math.log(p), p


@tf.function
def twice(x):
  p = tf.nn.softmax(x)
  return tf.math.log(p) - tf.math.log(p) * 0.5


@tf.function
def other_axis(x):
  return tf.math.log(tf.nn.softmax(x, axis=0))


@tf.function
def in_branch(x, flag):
  p = tf.nn.softmax(x)
  if flag:
    return tf.math.log(p)
  return p


@tf.function
def with_gradient(x):
  with tf.GradientTape() as tape:
    tape.watch(x)
    loss = tf.reduce_sum(labels * tf.math.log(tf.nn.softmax(x)))
  return loss, tape.gradient(loss, x)


print(cross_entropy(logits, labels).numpy().tolist())
print(bits(both(logits)[0]), bits(twice(logits)), bits(other_axis(logits)))
print(bits(in_branch(logits, tf.constant(True))))
loss, grad = with_gradient(logits)
print(loss.numpy().item(), bits(grad))
print(bits(tf.math.log(tf.nn.softmax(logits))))
print(bits(cross_entropy(tf.cast(logits, tf.float64), tf.cast(labels, tf.float64))))


# The Softmax kernel's own product joins no chain of multiplications that
# grappler regroups.
@tf.function
def scaled(x, y):
  return tf.nn.softmax(x) * 3.0 * y, tf.nn.softmax(x) * y * 7.0


print([bits(t) for t in scaled(logits, logits)])


# A softmax of constants folds into a constant (so the division after it
# stays a division of constants).
vals = tf.constant(np.random.RandomState(1).randn(64).astype(np.float32))


@tf.function
def constant_softmax():
  return tf.nn.softmax(tf.constant(vals.numpy())) / 3.0, tf.nn.log_softmax(
      tf.constant(vals.numpy())) / 3.0


print([bits(t) for t in constant_softmax()])
