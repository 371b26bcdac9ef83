# Converting Python floats with an inferred dtype: float32 overflow is
# TensorFlow's ValueError (an explicit dtype gives inf), and a NumPy float
# scalar first in a list decides the dtype.
import numpy as np
import tensorflow as tf
for thunk in [lambda: tf.constant(1e40), lambda: tf.constant([1.0, 1e40]), lambda: tf.constant(1e40, tf.float64), lambda: tf.constant(-1e39, tf.float16), lambda: tf.convert_to_tensor(1e40), lambda: tf.cast(1e40, tf.float32), lambda: tf.fill([2], 1e40), lambda: tf.constant(70000.0, tf.float16), lambda: tf.constant([np.float64(1.5)]), lambda: tf.constant([np.float16(1.5)]), lambda: tf.constant([np.float32(1.5), 2.0]), lambda: tf.constant(np.float64(2.5))]:
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__, e)
