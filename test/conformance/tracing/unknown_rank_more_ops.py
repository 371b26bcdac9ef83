# More ops on arguments of unknown rank, completed for each call's shape:
# reverse (and its gradient), matrix_transpose, ones/fill of tf.shape,
# squeeze with and without axes, with the kernels' errors.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def f(t):
  with tf.GradientTape() as tape:
    tape.watch(t)
    r = tf.reverse(t, [-1])
    s = tf.reduce_sum(r * t)
  m = tf.linalg.matrix_transpose(t)
  return r, tape.gradient(s, t), m, tf.ones(tf.shape(t)), tf.fill(tf.shape(t), 7.0), tf.squeeze(tf.expand_dims(t, 0), [0])

print(f(tf.reshape(tf.range(6.0), [2, 3])))
for v in [tf.range(3.0), tf.ones([1, 3, 1])]:
  try:
    print(f(v))
  except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", [l for l in str(e).split("\n") if "Requires start" in l or "axis" in l][0])

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def g(t):
  return tf.squeeze(t), tf.squeeze(t, axis=-1), tf.reverse(t, [0, 1])

print(g(tf.ones([2, 1])))
for v in [tf.ones([2, 3]), tf.ones([3])]:
  try:
    print(g(v))
  except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", [l for l in str(e).split("\n") if "squeeze" in l or "axis" in l][0])
