# tf.gather_nd with batch_dims > 0: TensorFlow's batch_gather_nd, index
# vectors per batch element, eager, traced with None batch dimensions, its
# errors and its gradient.
import tensorflow as tf
params = tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
idx = tf.constant([[1], [0]])
print(tf.gather_nd(params, idx, batch_dims=1))
idx2 = tf.constant([[[0, 1], [1, 0]], [[1, 1], [0, 0]]])
print(tf.gather_nd(params, idx2, batch_dims=1))
p3 = tf.reshape(tf.range(24.0), [2, 3, 4])
i3 = tf.constant([[[1], [3]], [[0], [2]], [[3], [3]], [[1], [1]], [[0], [0]], [[2], [1]]])
i3 = tf.reshape(i3, [2, 3, 2, 1])
print(tf.gather_nd(p3, i3, batch_dims=2))
print(tf.gather_nd(p3, tf.constant([[1, 2], [0, 1]]), batch_dims=1, name="g"))

@tf.function(input_signature=[tf.TensorSpec([None, 2, 2], tf.int32), tf.TensorSpec([None, 1], tf.int64)])
def f(p, i):
  r = tf.gather_nd(p, i, batch_dims=1)
  print(r.name, r.shape)
  return r
print(f(params, tf.constant([[1], [0]], tf.int64)))
for bd, ii in [(-1, idx), (2, idx), (3, i3)]:
  try:
    print(tf.gather_nd(params, ii, batch_dims=bd))
  except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
  print(tf.gather_nd(params, tf.constant([[5], [0]]), batch_dims=1))
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[0])
print(tf.gather_nd(params, idx, batch_dims=tf.constant(1)))
x = tf.Variable(tf.reshape(tf.range(8.0), [2, 2, 2]))
with tf.GradientTape() as tape:
  y = tf.reduce_sum(tf.gather_nd(x, idx, batch_dims=1) ** 2)
print(tape.gradient(y, x))
