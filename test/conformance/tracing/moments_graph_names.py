# tf.nn.moments and tf.math.squared_difference as TensorFlow's graph has
# them: one SquaredDifference node each, moments' nodes in its scope.
import tensorflow as tf


@tf.function
def f(x, y):
  a = tf.math.squared_difference(x, y)
  m, v = tf.nn.moments(x, axes=[0])
  m2, v2 = tf.nn.moments(x, axes=[0], keepdims=True, name="stats")
  return a * 2.0 + m + v + m2 + v2


cf = f.get_concrete_function(
    tf.TensorSpec([3], tf.float32), tf.TensorSpec([3], tf.float32))
for node in cf.graph.as_graph_def().node:
  print(node.name, node.op, list(node.input))
print(f(tf.constant([1.0, 2.0, 3.0]), tf.constant([0.5, 2.0, 1.0])))
print(tf.math.squared_difference(tf.constant([1, 5]), tf.constant([[3], [-2]])))
