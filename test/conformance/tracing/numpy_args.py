# NumPy arrays as Function arguments act like tensors; NumPy values inside become constants.
import numpy as np
import tensorflow as tf


@tf.function
def offset(a):
    print("tracing offset with", a)
    return a + np.array([10, 20], dtype=np.int32)


print(offset(np.array([1, 2], dtype=np.int32)))
print(offset(np.array([3, 4], dtype=np.int32)))
print(offset(tf.constant([5, 6])))
print(offset(np.array([[7, 8]], dtype=np.int32)))
print("traces:", offset.experimental_get_tracing_count())
print(tf.constant(np.array([1.5, 2.5])))
print(tf.constant(np.ones([2, 2], dtype=np.float32)))
