# Grappler sorts the inputs of a gradient sum by name a second time after
# its first pass has removed each multiplication by a tensor of ones: the
# gradient of reduce_sum(exp(x)) then sorts as "Exp", the forward op, and
# a gradient kernel (TanhGrad, SigmoidGrad) under its own name.
import tensorflow as tf

x = tf.linspace(-2.0, 2.0, 10)


@tf.function
def three_terms(x):
  with tf.GradientTape() as tape:
    tape.watch(x)
    loss = (tf.reduce_sum(tf.sin(x)) + tf.reduce_sum(tf.exp(x)) +
            tf.reduce_sum(tf.tanh(x)))
  return tape.gradient(loss, x)


@tf.function
def four_terms(x):
  with tf.GradientTape() as tape:
    tape.watch(x)
    loss = (tf.reduce_sum(tf.tanh(x)) + tf.reduce_sum(tf.exp(x)) +
            tf.reduce_sum(tf.sigmoid(x)) + tf.reduce_sum(tf.cos(x)))
  return tape.gradient(loss, x)


@tf.function
def weighted_terms(x):
  # A constant weight is not ones: its product keeps its own name.
  with tf.GradientTape() as tape:
    tape.watch(x)
    loss = (tf.reduce_sum(tf.exp(x) * 0.5) + tf.reduce_sum(tf.sin(x)) +
            tf.reduce_sum(tf.tanh(x)))
  return tape.gradient(loss, x)


for f in (three_terms, four_terms, weighted_terms):
  print(f.__name__, f(x).numpy().tolist())
