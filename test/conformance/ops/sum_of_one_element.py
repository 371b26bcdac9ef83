# A sum over one element copies it, as TensorFlow's reduction drops
# dimensions of size 1: -0.0 stays -0.0. Over two or more elements the sum
# starts from +0.0.
import tensorflow as tf

print(tf.reduce_sum(tf.constant(-0.0)), tf.reduce_sum(tf.constant([-0.0])),
      tf.reduce_sum(tf.constant([[-0.0]]), axis=1))
print(tf.reduce_sum(tf.constant(-0.0, tf.float64)),
      tf.reduce_mean(tf.constant([-0.0])))
for n in [2, 3, 17]:
    x = tf.fill([n], -0.0)
    print(n, tf.reduce_sum(x).numpy(),
          tf.reduce_sum(tf.reshape(x, [n, 1]), axis=1).numpy()[:1],
          tf.reduce_sum(tf.reshape(x, [n, 1]), axis=0).numpy())


@tf.function(input_signature=[tf.TensorSpec([None, None])])
def f(x):
    return tf.reduce_sum(x, axis=1), tf.reduce_sum(x)


print(f(tf.fill([2, 1], -0.0)))
print(f(tf.fill([1, 1], -0.0)))
print(f(tf.fill([2, 3], -0.0)))
