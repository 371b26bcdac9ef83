# NumPy functions and methods: ufuncs with their float dtypes, reductions
# (sums of ints in int64, means in float64), shapes, and closeness tests.
import numpy as np

a = np.array([[1.0, 2.0], [3.0, 4.0]])
b = np.array([1, 2, 3], dtype=np.int32)
print(np.sqrt(a), np.sqrt(np.array([4, 9])), np.sqrt(np.array([4], dtype=np.int8)).dtype)
print(np.abs(-b), np.square(b), np.negative(a), np.sign(np.array([-2.0, 0.0, 3.0])))
print(np.floor(np.array([1.5, -1.5])), np.ceil(np.array([1.2, -1.2])), np.exp(np.array([0.0])))
print(np.maximum(a, 2.5), np.minimum(b, 2), np.add(b, 1), np.subtract(a, a))
print(np.multiply(b, b), np.divide(b, 4), np.power(b, 2), np.mod(b, 2))
print(np.where(a > 2, a, 0.0), np.where(b > 1, 1, 0), np.clip(b, 2, 3))
print(np.sum(a), np.sum(a, axis=0), np.sum(b), np.sum(b).dtype, a.sum(axis=1, keepdims=True))
print(np.mean(a), np.mean(b), b.mean().dtype, np.prod(b), np.max(b), a.min(axis=0))
print(np.argmax(a), np.argmax(a, axis=1), b.argmin(), np.any(b > 2), np.all(b > 2))
print(np.sum(np.array([True, True, False])), np.mean(np.array([1, 2], dtype=np.int8)).dtype)
print(a.T, a.reshape(4), a.reshape(-1, 1).shape, a.reshape((1, 4)), np.reshape(b, (3, 1)))
print(np.transpose(np.zeros((2, 3, 4))).shape, np.transpose(a, (1, 0)))
print(np.expand_dims(b, 0), np.squeeze(np.zeros((1, 2, 1))).shape, a.flatten(), a.ravel())
print(np.concatenate([a, a]), np.concatenate([a, a], axis=1), np.stack([b, b], axis=1))
print(np.concatenate([b, np.array([0.5])]), np.dot(a, a), np.matmul(a, a), np.dot(b, b))
print(np.allclose(a, a + 1e-9), np.allclose(a, a + 1e-3), np.array_equal(b, b))
print(np.isclose(np.array([1.0, np.inf, np.nan]), np.array([1.0 + 1e-9, np.inf, np.nan])))
print(np.isclose(np.array([np.nan]), np.array([np.nan]), equal_nan=True))
try:
    np.max(np.zeros(0))
except ValueError as e:
    print("ValueError:", e)
