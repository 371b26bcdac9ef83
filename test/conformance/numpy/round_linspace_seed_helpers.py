# Small Python and NumPy helpers: Counter's argument count message,
# np.linspace(retstep=True), round() of NumPy scalars with ndigits (a NumPy
# scalar again), and tf.keras's seed and epsilon helpers.
import collections
import numpy as np
import tensorflow as tf
try:
    collections.Counter(1, 2)
except TypeError as e:
    print("TypeError", e)
print(np.linspace(0, 1, 5, retstep=True))
print(np.linspace(0, 1, 4, endpoint=False, retstep=True))
print(repr(round(np.float64(2.567), 2)), repr(round(np.float32(2.567), 1)), repr(round(np.float64(2.5))), repr(round(np.int64(7), -1)))
tf.keras.utils.set_random_seed(5)
print(np.random.rand(2), tf.random.uniform([2]))
print(tf.keras.backend.epsilon(), tf.keras.backend.floatx())
