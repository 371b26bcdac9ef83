# Gradients of tf.math.top_k and tf.sort of tensors with sizes known only
# when the function runs (rows, columns and k).
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32), tf.TensorSpec([], tf.int32)])
def g(x, k):
  with tf.GradientTape() as t:
    t.watch(x)
    v = tf.math.top_k(x, k).values
    s = tf.sort(x, direction="DESCENDING")
    loss = tf.reduce_sum(v * v) + tf.reduce_sum(s * tf.range(1.0, 1.0 + tf.cast(tf.shape(x)[1], tf.float32)))
  return t.gradient(loss, x)
x = tf.constant([[1., 5., 3., 5.], [0., -1., 2., 7.]])
print(g(x, 2).numpy().tolist())
print(g(x[:1, :3], 1).numpy().tolist())
print(g(tf.zeros([0, 3]), 2).numpy().tolist())
@tf.function(input_signature=[tf.TensorSpec([None, 3, 4], tf.float32)])
def h(x):
  with tf.GradientTape() as t:
    t.watch(x)
    loss = tf.reduce_sum(tf.math.top_k(x, 2).values ** 2)
  return t.gradient(loss, x)
print(h(tf.reshape(tf.range(24.0), [2, 3, 4]) % 5.0).numpy().tolist())
