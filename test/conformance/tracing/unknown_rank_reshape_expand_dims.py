# tf.reshape to a given shape and tf.expand_dims of an argument of unknown
# rank: completed for each call's shape, with the kernels' errors.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def f(x):
  y = tf.reshape(x, [-1, 3])
  z = tf.expand_dims(x, 0)
  w = tf.expand_dims(x, -1)
  print(y.shape, z.shape, w.shape)
  return y * 2.0, z, w, tf.reshape(x, [-1])

print(f(tf.reshape(tf.range(6.0), [2, 3])))
print(f(tf.range(3.0)))
for v in [tf.range(4.0), tf.constant(1.0)]:
  try:
    print(f(v))
  except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", [l for l in str(e).split("\n") if "Input to reshape" in l or "Tried to expand" in l][0])

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def g(x):
  return tf.expand_dims(x, 3)

for v in [tf.ones([2, 2, 2]), tf.ones([2])]:
  try:
    print(g(v).shape)
  except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", [l for l in str(e).split("\n") if "Tried to expand" in l][0])
