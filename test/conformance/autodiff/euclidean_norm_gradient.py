# reduce_euclidean_norm differentiates as one op (_EuclideanNormGrad:
# x / (y / dy)), not as its Square, Sum and Sqrt: the last bits follow.
import tensorflow as tf
x = tf.constant([[[0.1, -1.3, 2.9], [0.7, 1.1, -0.4]], [[1.5, 0.2, -0.9], [2.2, -0.6, 0.3]]])
for axis, keep in [(1, False), ([0, 2], True), (None, False), (-1, True), ([0, 2], False)]:
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.math.reduce_euclidean_norm(x, axis=axis, keepdims=keep)
    print(t.gradient(y, x, output_gradients=tf.ones_like(y) * 1.7).numpy().tolist())

@tf.function
def f(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.math.reduce_euclidean_norm(x, axis=[0, 2])
        z = tf.reduce_sum(tf.sin(y))
    return t.gradient(z, x)
print(f(x).numpy().tolist())

@tf.function(input_signature=[tf.TensorSpec([None, 2, None])])
def h(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.math.reduce_euclidean_norm(x, axis=2)
        z = tf.reduce_sum(y * y)
    return t.gradient(z, x)
print(h(x).numpy().tolist())
