# NumPy operators: NEP 50 promotion (a Python scalar takes the array's
# dtype unless its kind is higher), true division of ints, floor division
# and remainder, bool logic, comparisons and broadcasting.
import numpy as np

a = np.array([[1.0, 2.0], [3.0, 4.0]])
b = np.array([1, 2, 3], dtype=np.int32)
f = np.array([0.5, 1.5], dtype=np.float32)
print(a * 2, a / 2, b * 2.5, b // 2, b / 2, -b, +b)
print((b * 2).dtype, (b * 2.5).dtype, (f * 2.0).dtype, (f + np.float64(1)).dtype)
print((b + np.array([1, 2, 3], dtype=np.int8)).dtype, (b + np.int64(1)).dtype)
print((np.array([1], dtype=np.uint8) + np.array([1], dtype=np.int8)).dtype)
print((np.array([1], dtype=np.int16) + np.array([1.0], dtype=np.float16)).dtype)
print(np.float32(0.1) * 3, repr(np.float32(0.1) * 3), np.float64(0.1) * 3)
print(repr(np.array(3.0) + 1), repr(np.int32(7) // 2), repr(np.int32(7) / 2))
print(np.float32(7) % 2, np.int64(2) ** 3, np.array([-7, 7]) % 3, np.array([-7, 7]) // 2)
print(a ** 2, 2 ** b, 1 - a, 10 / b)
print(a @ a, b @ b, a @ np.array([1.0, -1.0]))
print(np.array([True, False]) + True, np.array([True, False]) * np.array([True, True]))
print(np.array([True, False]) & np.array([True, True]), np.array([True, False]) | False)
print(~np.array([True, False]))
print(a > 2, a == a, 2 < b, b != 2, f <= 0.5)
print(np.array([1, 2]) * np.array([[1], [2]]))
print(np.array([1.0, 2.0]) + [10, 20], [1, 2] * np.array([3, 4]))
try:
    np.array([1, 2]) + np.array([1, 2, 3])
except ValueError as e:
    print("ValueError:", e)
try:
    np.array([True]) - np.array([False])
except TypeError as e:
    print("TypeError:", e)
x = np.float32(1.5)
print(x < 2, x == 1.5, bool(np.array([0])), {np.int64(1): "one"}[1])
