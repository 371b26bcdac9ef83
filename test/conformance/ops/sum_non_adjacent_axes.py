# Reductions over non-adjacent axes in TensorFlow's order: [R, K, R] is
# Eigen's generic reducer (the last reduced run outside, the first inside);
# four or more alternating runs are transposed so that the reduced axes are
# innermost, then summed in packets.
import tensorflow as tf

x = tf.random.stateless_uniform([7, 33, 19], seed=[5, 6], minval=-2.0, maxval=5.0)
print(tf.reduce_sum(x, axis=[0, 2])[:4])
print(tf.reduce_mean(x, axis=[0, 2], keepdims=True)[0, :4, 0])
y = tf.random.stateless_uniform([4, 8, 8], seed=[5, 6], minval=-2.0, maxval=5.0)
print(tf.reduce_sum(y, axis=[0, 2]))
print(tf.math.reduce_variance(y, axis=[0, 2]))
z = tf.random.stateless_uniform([3, 5, 4, 6], seed=[1, 6], minval=-2.0, maxval=5.0)
print(tf.reduce_sum(z, axis=[0, 2]))
print(tf.reduce_sum(z, axis=[1, 3]))
print(tf.reduce_sum(z, axis=[1, 3], keepdims=True).shape)
print(tf.reduce_mean(z, axis=[0, 2]))
print(tf.reduce_prod(z / 3.0, axis=[0, 2]))
w = tf.random.stateless_uniform([2, 1, 40, 3, 9], seed=[2, 6], minval=-2.0, maxval=5.0)
print(tf.reduce_sum(w, axis=[0, 3]))
print(tf.reduce_sum(w, axis=[2, 4]))


@tf.function(input_signature=[tf.TensorSpec([None, 33, None], tf.float32)])
def middle(t):
    return tf.reduce_sum(t, axis=[0, 2])


print(middle(x)[:4])
