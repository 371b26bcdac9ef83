# The tf.keras helpers scripts without a Keras model call: set_random_seed
# seeds Python's, NumPy's and TensorFlow's generators; backend's settings
# read back what was set; clear_session leaves TensorFlow's random state.
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)
print(random.random(), random.randint(1, 10**9))
print(np.random.rand())
print(tf.random.uniform([2]))
tf.keras.utils.set_random_seed(True)
print(random.random())
for bad in [1.5, "3", None, np.int64(3)]:
    try:
        tf.keras.utils.set_random_seed(bad)
    except ValueError as e:
        print("ValueError", e)

kb = tf.keras.backend
print(kb.floatx(), kb.epsilon(), kb.image_data_format(), kb.backend())
kb.set_floatx("float64")
kb.set_epsilon(1e-5)
kb.set_image_data_format("Channels_First")
print(kb.floatx(), kb.epsilon(), kb.image_data_format())
for f, a in [(kb.set_floatx, "int32"), (kb.set_floatx, 3),
             (kb.set_image_data_format, "nhwc")]:
    try:
        f(a)
    except ValueError as e:
        print("ValueError", e)

tf.random.set_seed(1)
print(tf.random.uniform([2]))
kb.clear_session()
print(tf.random.uniform([2]))
kb.clear_session(free_memory=False)
print(tf.random.uniform([2]), kb.floatx(), kb.epsilon())
try:
    kb.clear_session(1, 2)
except TypeError as e:
    print("TypeError", e)
