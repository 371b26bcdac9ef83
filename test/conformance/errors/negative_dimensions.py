# Negative sizes given to tf.zeros, tf.ones, tf.fill and the random ops:
# eagerly the kernels' "Dimension -1 must be >= 0"; while tracing, shape
# inference's errors (a -1 is an unknown size that Fill refuses, below -1
# an invalid shape value). A second -1 in a reshape is Reshape's error.
import tensorflow as tf


def show(fn):
  try:
    print(fn())
  except Exception as e:
    print(type(e).__name__, e)


show(lambda: tf.zeros([2, -1]))
show(lambda: tf.ones([-3]))
show(lambda: tf.fill([2, -2], 1.0))
show(lambda: tf.random.uniform([-1, 2]))
show(lambda: tf.random.normal([-1]))
show(lambda: tf.random.uniform([-1], maxval=5, dtype=tf.int32))
show(lambda: tf.random.stateless_uniform([-1], seed=[1, 2]))
show(lambda: tf.reshape(tf.ones([4]), [-1, -1]))


@tf.function
def ones_negative():
  return tf.ones([-3], tf.int32)


@tf.function
def fill_unknown():
  return tf.fill([2, -1], 1.0)


@tf.function
def zeros_unknown():
  a = tf.zeros([3])
  return tf.zeros([2, -1, 3])


for f in [ones_negative, fill_unknown, zeros_unknown]:
  try:
    f()
  except ValueError as e:
    print("ValueError:", str(e).splitlines()[-1])
