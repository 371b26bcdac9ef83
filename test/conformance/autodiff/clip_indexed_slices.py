# tf.clip_by_norm, clip_by_global_norm and linalg.global_norm on IndexedSlices
# (the gradient of a gather): the norm of their values as they are, and
# IndexedSlices back.
import tensorflow as tf
g = tf.IndexedSlices(tf.ones([3, 2]), tf.constant([1, 1, 0]), tf.constant([4, 2]))
c, n = tf.clip_by_global_norm([g], 1.0)
print(type(c[0]).__name__, n)
print(c[0])
print(tf.linalg.global_norm([g, tf.ones([2])]))
c, n = tf.clip_by_global_norm([g, tf.ones([2]) * 3.0, None], 2.0)
print(c[0].values, c[1], c[2], n)
print(tf.clip_by_norm(g, 1.0))
