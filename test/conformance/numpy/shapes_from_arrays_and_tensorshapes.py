# NumPy sizes from a 1-D array or a TensorShape (np.prod(v.shape), the
# usual parameter count; np.zeros(x.shape)), with NumPy's errors for others.
import numpy as np
import tensorflow as tf
x = tf.ones([2, 3])
w = tf.Variable(tf.zeros([4, 5]))
print(np.prod(x.shape), np.prod(w.shape), int(np.prod(w.shape)))
print(sum(np.prod(v.shape) for v in [w]))
print(np.zeros(x.shape))
print(np.full(np.array([2, 2]), 7))
print(np.ones(np.array([2])).shape, np.zeros(np.int64(3)))
print(np.zeros((2, 3)).reshape(np.array([3, 2])).shape)
try:
    np.zeros(np.array([[1, 2]]))
except Exception as e:
    print(type(e).__name__, e)
try:
    np.zeros(np.array([1.5]))
except Exception as e:
    print(type(e).__name__, e)
try:
    np.zeros(tf.TensorShape([None, 3]))
except Exception as e:
    print(type(e).__name__, e)
