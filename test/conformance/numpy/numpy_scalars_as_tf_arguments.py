# NumPy integer scalars as TensorFlow's bounds, shapes, sizes and indices:
# tf.range converts them as tensors of their dtype, shapes and split counts
# take them as ints.
import numpy as np
import tensorflow as tf
print(tf.range(np.int64(4)))
print(tf.range(np.int32(3)))
print(tf.range(0, np.int64(3)))
print(tf.range(np.float64(2.0)))
print(tf.range(1, 10, np.int64(3)))
print(tf.zeros(tf.constant(3)))
print(tf.split(tf.range(6), np.int64(2))[0])
print(tf.zeros(np.int64(2)), tf.ones(np.int32(1)))
print(tf.reshape(tf.range(6), [np.int64(2), 3]))
print(tf.ones([np.int32(2), np.int64(2)]))
print(tf.one_hot([0, 2], np.int64(3)))
print(tf.reduce_sum(tf.ones([2, 3]), axis=np.int64(1)))
print(tf.random.stateless_uniform([np.int64(2)], seed=[1, 2]))
print(tf.fill([np.int64(2)], 5))
print(tf.tile([1, 2], [np.int64(2)]))
print(tf.gather([1, 2, 3], np.int64(2)))
x = tf.constant([1, 2, 3])
print(x[np.int64(1)], x[:np.int64(2)])
