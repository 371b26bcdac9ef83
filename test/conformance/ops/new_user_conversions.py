# Conversions a new user meets: a NumPy array and a Python number in one tf
# op (the first operand sets the dtype), tf.round of integers, a list used
# as an index, tf.linspace over vectors, tf.float32.max as a NumPy scalar,
# transposes of scalars and bad permutations.
import numpy as np
import tensorflow as tf

print(tf.add(np.array([1.0, 2.0]), 1), tf.maximum(np.array([1.0, 2.0]), 1.5), tf.multiply(np.array([1, 2]), 2))
print(tf.add(2.5, 1), tf.subtract([1, 2], 1))
for bad in [lambda: tf.add(1, 2.5), lambda: tf.add([1, 2], [1.5, 2])]:
    try:
        print(bad())
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError", e)
print(tf.round(tf.constant([1, 2])), tf.round(tf.constant([1.5, 2.5, -0.5])), tf.math.round(tf.constant([7], tf.int64)))
t = tf.constant([[1, 2], [3, 4]])
print(t[[0, 1]], t[[1]])
print(tf.float32.max, tf.float16.max, tf.float32.min, -tf.float32.max, tf.int32.max, tf.float64.max)
print(tf.linspace([0.0, 10.0], [1.0, 20.0], 3))
print(tf.linspace(tf.constant([0.0, 10.0]), tf.constant([1.0, 20.0]), 3))
print(tf.linspace(0.0, [[1.0, 2.0]], 4, axis=-1))
print(tf.linspace(tf.constant([0, 10]), 5, 3))
print(tf.transpose(tf.constant(5)), tf.transpose(tf.constant([1, 2])))


@tf.function
def f(x):
    return tf.transpose(x), tf.linspace(2.0, 1.0, 3)


print(f(tf.constant(2.0)))
for bad in [lambda: tf.transpose(tf.ones([2, 3]), [0, 0]), lambda: tf.transpose(tf.ones([2, 3]), tf.constant([1, 1]))]:
    try:
        print(bad())
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError", e)
