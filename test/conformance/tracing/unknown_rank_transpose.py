# tf.transpose of an argument of unknown rank (TensorSpec(None)): with no
# perm all dimensions reverse, for any rank; a perm must fit the rank of
# the tensor the function is called with.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def f(x):
  y = tf.transpose(x)
  print(y.shape)
  return y

print(f(tf.reshape(tf.range(6.0), [2, 3])))
print(f(tf.reshape(tf.range(24.0), [2, 3, 4])).shape)
print(f(tf.constant(5.0)))

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def g(x):
  y = tf.transpose(x, [1, 0])
  print(y.shape)
  return y * 2.0

print(g(tf.reshape(tf.range(6.0), [2, 3])))

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def h(x):
  return tf.transpose(x, [0, -1, 1])

print(h(tf.reshape(tf.range(24.0), [2, 3, 4])).shape)
for fn, shape in [(g, [2, 3, 4]), (h, [2, 3])]:
  try:
    fn(tf.ones(shape))
  except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", str(e).splitlines()[0], str(e).splitlines()[2])
