# np.round / np.around / ndarray.round round half to even after scaling by
# 10**decimals in the array's dtype, as NumPy does.
import numpy as np
import tensorflow as tf
a = np.array([0.5, 1.5, 2.5, -0.5, 1.2345, 2.675], np.float32)
print(np.round(a), np.round(a, 2), a.round(1), np.around(a, 3))
print(np.round(np.array([1.005, 2.5, 0.125]), 2), np.round(np.array([3, 4])), np.round(2.5))
p = tf.nn.softmax(tf.constant([[1.0, 2.0, 3.0], [0.5, 0.5, 3.0]])).numpy()
print(p.round(2))
print(np.round(tf.constant([1.26, 2.5]).numpy(), 1))
