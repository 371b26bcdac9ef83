# Ops on an argument of unknown rank (TensorSpec(None)): reduce_logsumexp
# with and without axis, softmax on the last axis (another axis is
# TensorFlow's TypeError), and tf.split's axis range errors.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def lse(t):
  return tf.reduce_logsumexp(t, axis=-1), tf.reduce_logsumexp(t), tf.reduce_logsumexp(t, 0, keepdims=True)

print(lse(tf.reshape(tf.range(6.0), [2, 3])))
print(lse(tf.constant([1.0, float("inf")])))

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def sm(t):
  return tf.nn.softmax(t), tf.nn.log_softmax(t, axis=-1)

print(sm(tf.reshape(tf.range(6.0), [2, 3])))

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def sm0(t):
  return tf.nn.softmax(t, axis=0)

try:
  sm0(tf.ones([2, 3]))
except TypeError as e:
  print("TypeError:", str(e).strip().split("\n")[-1])

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def split(t):
  return tf.split(t, 2)

for s in [2, [1, 1]]:
  @tf.function
  def g(x):
    return tf.split(x, s, axis=4)
  try:
    g(tf.ones([2, 2]))
  except ValueError as e:
    print("ValueError:", str(e).strip().split("\n")[-1])
  for axis in [5, -3]:
    try:
      tf.split(tf.ones([2, 3]), s, axis=axis)
    except tf.errors.InvalidArgumentError as e:
      print("InvalidArgumentError:", e)
