# `x in container` without __contains__ iterates, as CPython does: an
# EagerTensor compares each row (a row of several elements has no truth
# value), a NumPy vector each element.
import numpy as np
import tensorflow as tf
print(2.0 in tf.constant([1.0, 2.0]), 5 in tf.range(3), 1 in tf.range(3))
print(2 in np.array([1, 2, 3]), 7 in np.array([1, 2]))
try:
    print(2 in tf.constant([[1, 2], [3, 4]]))
except Exception as e:
    print(type(e).__name__, e)
class C:
    def __iter__(self):
        return iter([1, 2])
print(2 in C(), 3 in C())
