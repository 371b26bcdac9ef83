# TensorFlow's tapes do not record StopGradient, so the mean a batch norm
# stops in tf.nn.moments has one use fewer: the gradients reaching x add
# in TensorFlow's order, eagerly and in functions.
import tensorflow as tf
import numpy as np
rs = np.random.RandomState(8)
x = tf.constant(rs.randn(5, 6).astype(np.float32))
w = tf.constant(rs.randn(5, 6).astype(np.float32))
def show(name, f):
  with tf.GradientTape() as t:
    t.watch(x)
    l = f()
  print(name, t.gradient(l, x).numpy()[0].tolist())
def manual():
  mean = tf.reduce_mean(x, [0], keepdims=True)
  var = tf.reduce_mean(tf.math.squared_difference(x, tf.stop_gradient(mean)), [0], keepdims=True)
  m = tf.squeeze(mean, [0]); v = tf.squeeze(var, [0])
  return tf.reduce_sum((x - m) * w) + tf.reduce_sum(v * w[0])
show("manual", manual)
def manual2():
  mean = tf.reduce_mean(x, [0], keepdims=True)
  var = tf.reduce_mean(tf.math.squared_difference(x, tf.stop_gradient(mean)), [0], keepdims=True)
  return tf.reduce_sum((x - mean) * w) + tf.reduce_sum(var * w[0])
show("nosqueeze", manual2)
def manual3():
  mean = tf.reduce_mean(x, [0], keepdims=True)
  var = tf.reduce_mean(tf.math.squared_difference(x, mean), [0], keepdims=True)
  return tf.reduce_sum((x - mean) * w) + tf.reduce_sum(var * w[0])
show("nostop", manual3)
def mom3():
  m, v = tf.nn.moments(x, axes=[0])
  return tf.reduce_sum((x - m) * w) + tf.reduce_sum(v * w[0])
show("moments", mom3)
@tf.function
def g1(x):
  with tf.GradientTape() as t:
    t.watch(x)
    m, v = tf.nn.moments(x, axes=[0])
    l = tf.reduce_sum((x - m) / tf.sqrt(v + 1e-5) * w)
  return t.gradient(l, x)
@tf.function
def g2(x):
  with tf.GradientTape() as t:
    t.watch(x)
    m, v = tf.nn.moments(x, axes=[0])
    l = tf.reduce_sum((x - m) * w) + tf.reduce_sum(v * w[0])
  return t.gradient(l, x)
print(g1(x).numpy()[0].tolist())
print(g2(x).numpy()[0].tolist())
