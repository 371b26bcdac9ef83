# NumPy converts by value into the dtype asked for (ints to bools, floats to
# ints) and rounds float64 to float16 once; TensorFlow's conversion of a
# Python float to float16 goes through float32, as does its Cast.
import numpy as np
import tensorflow as tf
print(np.zeros(3, dtype=bool), np.zeros(3, dtype=np.bool_), np.bool_(0), np.ones(2, dtype=int), np.ones(2, dtype=float))
print(np.array([1, 0, 2], dtype=bool), np.array([1.5, -2.7], dtype=np.int32), np.full(2, 2.5, dtype=bool))
print(np.array([0.8376464681467212, 65519.99999, 2**-25 * 1.0000000002]).astype(np.float16))
print(np.float16(0.8376464681467212), np.float16(65519.99999))
print(tf.constant(0.8376464681467212, dtype=tf.float16), tf.constant([65519.99999], dtype=tf.float16))
print(tf.cast(tf.constant(0.8376464681467212, tf.float64), tf.float16))
print(np.array([0.1, 1/3], dtype=np.float16), tf.constant([0.1, 1/3], tf.bfloat16))
print(np.array([True, False], dtype=np.float32), np.array(3, dtype=np.uint8))
