# Run-time errors name TensorFlow's nodes: tf.split of a dimension known
# only when the function runs is one Split node (its pieces are split:0,
# split:1, ...) whose kernel checks the pieces divide the dimension, and
# tf.gather on a variable reads its rows as sparse_read does, a node named
# Gather (kiln named them strided_slice_N / Assert and GatherV2).
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def halves(x):
  a, b = tf.split(x, 2)
  print(a, b)
  return a + b


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def gradient(x):
  with tf.GradientTape() as tape:
    tape.watch(x)
    p, q = tf.split(x * x, 2)
    y = tf.reduce_sum(p) + 2.0 * tf.reduce_sum(q)
  return tape.gradient(y, x)


@tf.function(input_signature=[tf.TensorSpec([2, None], tf.float32)])
def thirds(x):
  return tf.split(x, 3, axis=-1)


print(halves(tf.reshape(tf.range(8.0), [4, 2])))
print(gradient(tf.reshape(tf.range(8.0), [4, 2])))
print(thirds(tf.reshape(tf.range(12.0), [2, 6])))
print(thirds(tf.zeros([2, 0])))

v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])


@tf.function
def row(i):
  r = tf.gather(v, i)
  print(r, tf.gather(v, i, axis=1))
  return r


print(row(tf.constant(1)))

for call in [lambda: halves(tf.ones([3, 2])), lambda: thirds(tf.ones([2, 4])),
             lambda: row(tf.constant(2))]:
  try:
    call()
  except tf.errors.InvalidArgumentError as e:
    lines = str(e).splitlines()
    print(type(e).__name__, lines[-2], lines[-1].split(" [Op:")[0])
