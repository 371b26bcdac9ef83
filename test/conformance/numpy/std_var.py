# np.std and np.var (and the ndarray methods) with axis, keepdims and
# ddof, on float64, float32 and integer arrays.
import numpy as np
import tensorflow as tf

a = np.array([[1.0, 2.0, 4.0], [3.0, 5.0, 9.0]])
print(np.std(a), np.var(a), np.std(a, axis=0), np.var(a, axis=1, keepdims=True))
print(np.std([1, 2, 3, 4]), np.std(a, ddof=1), np.var(a, axis=(0, 1)))
print(a.std(), a.var(axis=0), np.std(np.array([1.0, 2.0], dtype=np.float32)))
x = tf.constant([[1.0, 2.0], [3.0, 4.5]]).numpy()
print(x.std(), np.std(x, axis=1), x.var(axis=-1))
