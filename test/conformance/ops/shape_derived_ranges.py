# Sizes of static shapes (tf.shape(x)[0], tf.size(x)) and arithmetic on
# them are known to shape inference: a range over them has a static length,
# and constant folding then folds it, so a division by it becomes a
# multiplication by its reciprocal as TensorFlow's graph does. A float32
# divisor of 8 or more constants folds through the Reciprocal kernel's
# packets (the processor's approximation refined by a Newton step).
import tensorflow as tf


@tf.function
def shapes(x):
  n = tf.shape(x)[0]
  m = tf.size(x)
  print(tf.range(n).shape, tf.range(n + 1).shape, tf.range(m + 1).shape,
        tf.range(1, m).shape, tf.range(m, 0, -3).shape)
  print(tf.one_hot(tf.range(n), 5).shape)
  return n


shapes(tf.zeros([4, 3]))


@tf.function
def running_mean(x):
  return tf.cumsum(x) / tf.cast(tf.range(1, tf.size(x) + 1), x.dtype)


print(running_mean(tf.constant([3.0, 4.0, 8.0, 9.0, 14.0], tf.float64)).numpy().tolist())
print(running_mean(tf.random.stateless_normal([12], seed=[1, 2])).numpy().tolist())


@tf.function
def scaled(x):
  return x / tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0])


print(scaled(tf.ones([10])).numpy().tolist())
