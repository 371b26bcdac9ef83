# tf.numpy_function called eagerly: the function gets np.array of each
# input and what it returns, flattened, becomes tensors by their own
# dtypes (one tensor, or a list of them).
import numpy as np
import tensorflow as tf


def describe(*arrays):
    for a in arrays:
        print(type(a).__name__, a.dtype, a.shape)


tf.numpy_function(describe, [tf.constant([1.0, 2.0]), 3, 2.5, [1, 2]], [])
print(tf.numpy_function(lambda a: a * 2, [tf.constant([1.0, 2.0])],
                        tf.float32))
print(tf.numpy_function(lambda a: a, [3], tf.int32))
print(tf.numpy_function(lambda a: 2, [3], tf.int32))
print(tf.numpy_function(lambda a: [1, 2], [3], tf.int64))
print(tf.numpy_function(lambda a: (a, np.float32(a) / 4), [7], tf.int64))


@tf.function
def in_graph(x):
    def show(a):
        print("in graph:", type(a).__name__, a.dtype, a)
        return np.cumsum(a).astype(np.int32)
    return tf.numpy_function(show, [x], tf.int32)


print(in_graph(tf.constant([1, 2, 3])))
