# NumPy values meeting TensorFlow: tensors from arrays keep their dtype (or
# convert as astype does), NumPy dtypes name TensorFlow's, arrays passed to
# a tf.function trace as tensors, and arrays used inside one are constants.
import numpy as np
import tensorflow as tf

a = np.array([[1.0, 2.0], [3.0, 4.0]])
print(tf.constant(a), tf.constant(np.array([1.5, -2.7]), dtype=tf.int32))
print(tf.constant(1.0) + np.array([1.0, 2.0]), np.array([1.0, 2.0]) + tf.constant(1.0))
print(tf.constant([1, 2]) * np.array([1.5, 2.5]))
print(tf.convert_to_tensor(np.array([1, 2]), dtype=tf.float32))
print(tf.constant(np.float32(2.5)), tf.constant(np.int64(3)))
print(tf.cast(tf.constant([1, 2]), np.float32), tf.zeros([2], dtype=np.int64))
print(tf.constant([1, 2]).dtype == np.int32, tf.float32 == np.float32, np.float32 == tf.float32)
print(np.array(tf.constant([1, 2])), np.array([tf.constant(1.0), 2.0]))
print(tf.constant([1.5, 2.5]).numpy() * 2, tf.reduce_sum(np.array([1, 2])))
print(repr(tf.constant(1.5).numpy()), [tf.constant(True).numpy()], repr(tf.constant(b"x").numpy()))

@tf.function
def scale(x):
    print("tracing with", x)
    return x * np.float32(2)

print(scale(np.array([1, 2], dtype=np.float32)))
print(scale(np.array([3, 4], dtype=np.float32)))
print(scale(np.array([3, 4, 5], dtype=np.float32)))
print(scale(np.float32(1.5)), scale.experimental_get_tracing_count())

weights = np.array([0.5, 0.25])

@tf.function
def weighted(x):
    return tf.reduce_sum(x * weights)

print(weighted(tf.constant([2.0, 4.0], dtype=tf.float64)))

@tf.function
def to_numpy(x):
    return np.sum(x)

try:
    to_numpy(tf.constant([1, 2]))
except NotImplementedError:
    print("NotImplementedError")
