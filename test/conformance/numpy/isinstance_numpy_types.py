# isinstance with NumPy's types: np.ndarray, a scalar type (np.float32), and
# the abstract ones (np.generic, np.number, np.integer, np.floating...).
import numpy as np
import tensorflow as tf
v = tf.constant([1.0]).numpy()
print(isinstance(v, np.ndarray), isinstance(v[0], np.floating), isinstance(v[0], np.float32))
i = np.arange(3)
print(isinstance(i, np.ndarray), isinstance(i[0], np.integer), isinstance(i[0], np.signedinteger),
      isinstance(i[0], np.floating), isinstance(i[1], np.number), isinstance(i[0], np.generic))
print(isinstance(np.float64(1.0), float), isinstance(np.float64(1.0), np.floating), isinstance(1.0, np.floating))
print(isinstance(np.uint8(3), np.unsignedinteger), isinstance(np.bool_(True), np.number), isinstance(np.bool_(True), np.generic))
print(isinstance(np.array(2.0), np.ndarray), isinstance(np.array(2.0), np.generic), isinstance([1], np.ndarray))
print(np.ndarray, np.floating, np.float32)
def describe(x):
    if isinstance(x, np.ndarray):
        return f"array of {x.dtype}"
    if isinstance(x, (np.integer, int)):
        return "int"
    return type(x).__name__
print(describe(v), describe(i[0]), describe(3), describe("s"))
