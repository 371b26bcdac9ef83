# top_k(sorted=False) leaves the k largest in the order of TensorFlow's
# TopN heap (k strictly between 1 and the row's length; otherwise sorted).
import tensorflow as tf
print(tf.math.top_k(tf.constant([1, 5, 3, 5]), 2, sorted=False))
print(tf.math.top_k(tf.constant([1.0, 5.0, 3.0, 4.0, 2.0]), 3, sorted=False))
x = tf.random.stateless_uniform([4, 37], seed=[1, 2], maxval=10, dtype=tf.int32)
for k in [2, 3, 5, 8, 17, 36, 37, 1]:
    r = tf.math.top_k(x, k, sorted=False)
    print(k, r.indices.numpy().tolist())
y = tf.random.stateless_normal([3, 50], seed=[3, 4])
r = tf.math.top_k(y, 7, sorted=False)
print(r.values, r.indices)
f = tf.function(lambda v, k: tf.math.top_k(v, k, sorted=False))
print(f(y, tf.constant(6)).indices)
print(tf.math.top_k(tf.constant([float("nan"), 1.0, float("nan"), 3.0, 2.0]), 3, sorted=False))
print(tf.math.top_k(tf.constant([3, 200, 7, 255, 0], tf.uint8), 2, sorted=False))
print(tf.math.top_k(tf.constant([3, -100, 7, 127, 0], tf.int8), 3, sorted=False))
print(f(y, tf.constant(50)).indices[0, :8], f(y, tf.constant(1)).indices)
ties = tf.constant([[2.0, 1.0, 2.0, 3.0, 1.0, 2.0, 3.0, 0.0, 2.0, 1.0]])
for k in range(2, 10):
    print(k, tf.math.top_k(ties, k, sorted=False).indices.numpy().tolist())
