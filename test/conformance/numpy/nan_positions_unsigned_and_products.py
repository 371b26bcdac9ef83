# NumPy's argmax/argmin stop at the first NaN; array_equal(equal_nan=True);
# unsigned abs and negation (wrapping); NumPy scalars as counts, shifts
# and float attrs of TensorFlow ops; np.dot and np.matmul's ValueErrors
# for unaligned shapes, and np.dot by a scalar.
import numpy as np
import tensorflow as tf
a = np.array([1.0, np.nan, 3.0, 0.5])
print(np.argmax(a), np.argmin(a))
print(np.argmax(np.array([0.0, np.nan], dtype=np.float32)))
print(np.argmax(np.array([[1.0, np.nan], [2.0, 1.0]]), axis=1), np.argmin(np.array([[1.0, np.nan], [2.0, np.nan]]), axis=0))
print(np.argmax(np.array([[1.0, 5.0], [7.0, 2.0]])), np.argmax(np.array([3, 9, 9])))
b = np.array([1.0, np.nan])
print(np.array_equal(b, b, equal_nan=True), np.array_equal(b, b), np.array_equal([1, 2], [1, 2]))
u = np.array([1, 200], dtype=np.uint8)
print(np.abs(u), -u, np.negative(u))
print(tf.repeat(tf.constant([1, 2]), np.int64(2)))
print(tf.roll(tf.constant([1, 2, 3]), shift=np.int64(1), axis=0))
print(tf.nn.leaky_relu(tf.constant([-1.0, 2.0]), alpha=np.float32(0.2)))
for f in [lambda: np.dot(np.ones((2, 3)), np.ones((2, 3))), lambda: np.dot(np.ones(3), np.ones(4)),
          lambda: np.dot(np.ones((2, 3)), np.ones(4)), lambda: np.ones((2, 3)) @ np.ones((2, 3)),
          lambda: np.matmul(np.ones(3), np.ones((2, 2))), lambda: np.matmul(np.ones(3), 2.0)]:
    try:
        print(f())
    except ValueError as e:
        print("ValueError:", e)
print(np.dot(np.ones((2, 3)), np.ones((3, 2))), np.dot(2.0, np.ones(2)))
