# NumPy 2 decides scientific notation by comparing an array's own scalars
# with 1e-4 and 1e8 converted to its dtype (NEP 50): float32 1e-4 is not
# below float32 0.0001, so it prints positional; float64 and float16 too.
import tensorflow as tf
import numpy as np
print(tf.constant([1e-4, 1e-3]))
print(tf.constant([1e-4, 0.05]))
print(tf.constant([1e-4, 0.05]).numpy())
print(tf.constant([1e-4, 0.05], tf.float64))
print(tf.constant([9.9999e-5, 0.05]))
print(tf.constant([1e8, 1.0]))
print(tf.constant([99999999.0, 1.0]))
print(tf.constant([1e-4, 0.5], tf.float16))
print(np.array([1e-4, 1e-3], np.float32))
print(tf.constant(1e-4))
print(tf.constant([1e-4]).numpy())
