# tf.concat and tf.stack of arguments of unknown rank: checked and shaped
# for each call's shapes, with the kernels' errors.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32), tf.TensorSpec(None, tf.float32)])
def cat(a, b):
  c = tf.concat([a, b], axis=0)
  d = tf.concat([a, b], -1)
  s = tf.stack([a, b])
  s1 = tf.stack([a, b], axis=-1)
  print(c.shape, s.shape)
  return c, d, s, s1

print(cat(tf.ones([2, 3]), tf.zeros([2, 3])))
print(cat(tf.range(2.0), tf.range(2.0)))
for a, b in [(tf.ones([2, 3]), tf.ones([3])), (tf.ones([2, 3]), tf.ones([3, 4])),
             (tf.constant(1.0), tf.constant(2.0))]:
  try:
    print(cat(a, b))
  except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", [l for l in str(e).split("\n") if "ConcatOp" in l or "Shapes of all" in l][0])

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def mixed(a):
  return tf.concat([a, tf.ones([1, 2])], 0), tf.stack([a, a], axis=2)

print(mixed(tf.zeros([1, 2])))
try:
  mixed(tf.zeros([2]))
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError:", [l for l in str(e).split("\n") if "ConcatOp" in l or "axis" in l][0])
