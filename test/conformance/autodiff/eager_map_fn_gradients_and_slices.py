# Eagerly tf.map_fn, scan and foldl read their rows as TensorFlow's
# TensorArray unstacks them, so gradients come back dense; gradients of a
# gather stay tf.IndexedSlices, with dtype, shape, negation and isinstance.
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape(persistent=True) as t:
  t.watch(x)
  y = tf.map_fn(lambda e: e * e, x)
  z = tf.scan(lambda a, e: a * e, x)
  w = tf.foldl(lambda a, e: a + e * e, x, initializer=0.0)
for target in [y, z, w]:
  g = t.gradient(target, x)
  print(type(g).__name__, g, g * 2.0)

v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as t:
  rows = tf.gather(v, [2, 0, 2])
  loss = tf.reduce_sum(rows * rows)
g = t.gradient(loss, v)
print(isinstance(g, tf.IndexedSlices), isinstance(x, tf.IndexedSlices))
print(g.dtype, g.shape, g.indices, (-g).values)
s = tf.IndexedSlices(tf.constant([[1.0, 1.0], [2.0, 2.0]]), tf.constant([0, 0]),
                     tf.constant([3, 2]))
print(s.dtype, s.shape, tf.convert_to_tensor(-s))
