# Eigen's max and min keep the first of two equal operands (zeros of either
# sign) and propagate NaN: relu(-0.0) is -0.0; a max or min reduction keeps
# the later of equal elements.
import tensorflow as tf
x = tf.constant([-0.0, 0.0, -1.0, float("nan")])
print(tf.nn.relu(x))
print(tf.nn.relu6(x))
print(tf.clip_by_value(x, 0.0, 1.0))
a = tf.constant([-0.0, 0.0, float("nan"), 1.0])
b = tf.constant([0.0, -0.0, 1.0, float("nan")])
print(tf.maximum(a, b), tf.minimum(a, b))
print(tf.reduce_max(tf.constant([-0.0, 0.0])), tf.reduce_max(tf.constant([0.0, -0.0])))
print(tf.reduce_min(tf.constant([-0.0, 0.0])), tf.reduce_min(tf.constant([0.0, -0.0])))
@tf.function
def f(x, a, b):
    return tf.nn.relu(x), tf.maximum(a, b), tf.minimum(a, b), tf.reduce_max(a), tf.nn.relu(-tf.zeros([3])), tf.nn.relu(tf.constant([-0.0, 0.0]))
for t in f(x, a, b):
    print(t)
print(tf.nn.relu(tf.constant([-0.0, 0.0], tf.float64)), tf.nn.relu(tf.constant([-0.0, 0.0], tf.float16)))
