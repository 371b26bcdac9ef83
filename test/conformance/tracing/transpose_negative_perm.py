# Transposes with negative perm entries, eagerly and traced, twice on an
# argument of unknown rank, and their gradients.
import tensorflow as tf

x = tf.reshape(tf.range(6.0), [2, 3])
print(tf.transpose(x, [-1, 0]))
print(tf.transpose(tf.reshape(tf.range(24.0), [2, 3, 4]), [0, -1, 1]).shape)


@tf.function
def neg(a):
  return tf.transpose(a, [-1, -2])


print(neg(x))


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def twice(a):
  return tf.transpose(tf.transpose(a, [1, 0])), tf.transpose(a, [-1, 0]) * 2.0


print(twice(x))


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def grad(a):
  with tf.GradientTape() as t:
    t.watch(a)
    s = tf.reduce_sum(tf.square(tf.transpose(a)))
  return t.gradient(s, a)


print(grad(x))


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def repeated(a):
  return tf.transpose(a, [1, 1])


try:
  repeated(x)
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError:", [l for l in str(e).split("\n") if "is missing from" in l][0])
v = tf.Variable(x)
with tf.GradientTape() as tape:
  y = tf.reduce_sum(tf.transpose(v, [-1, 0]) * tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
try:
  print(tape.gradient(y, v))
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError:", e)
