# Eigen's max and min propagate NaN; of two equal operands (zeros of either
# sign) the scalar functor keeps the first and the 8-wide packets (4 for
# float64) the second: relu(-0.0) is -0.0 only in a tensor's last
# size % 8 elements (half keeps the first everywhere).
import tensorflow as tf
x = tf.constant([-0.0, 0.0, -1.0, float("nan")])
print(tf.nn.relu(x))
print(tf.nn.relu6(x))
print(tf.clip_by_value(x, 0.0, 1.0))
a = tf.constant([-0.0, 0.0, float("nan"), 1.0])
b = tf.constant([0.0, -0.0, 1.0, float("nan")])
print(tf.maximum(a, b), tf.minimum(a, b))
@tf.function
def f(x, a, b):
    return tf.nn.relu(x), tf.maximum(a, b), tf.minimum(a, b), tf.reduce_max(a), tf.nn.relu(-tf.zeros([3])), tf.nn.relu(tf.constant([-0.0, 0.0]))
for t in f(x, a, b):
    print(t)
print(tf.nn.relu(tf.constant([-0.0, 0.0], tf.float64)), tf.nn.relu(tf.constant([-0.0, 0.0], tf.float16)))

n, p = -0.0, 0.0
for size in (3, 8, 9, 16):
    a = tf.constant([n, p] * (size // 2) + [n] * (size % 2))
    b = tf.constant([p, n] * (size // 2) + [p] * (size % 2))
    print(size, tf.maximum(a, b).numpy().tolist())
    print(size, tf.minimum(a, b).numpy().tolist())
    print(size, tf.nn.relu(a).numpy().tolist(), tf.nn.relu6(a).numpy().tolist())
    print(size, tf.clip_by_value(a, 0.0, 1.0).numpy().tolist())
    print(size, tf.maximum(tf.cast(a, tf.float64), tf.cast(b, tf.float64)).numpy().tolist())
    print(size, tf.function(tf.nn.relu)(tf.cast(a, tf.float16)).numpy().tolist())
