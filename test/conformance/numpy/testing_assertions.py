# np.testing.assert_allclose and assert_array_equal, as scripts check
# TensorFlow's results with them: silent when they agree, NumPy 2's message
# (mismatch count, largest differences, both arrays) when not.
import numpy as np
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
np.testing.assert_allclose(x.numpy(), [1.0, 2.0, 3.0])
np.testing.assert_allclose(tf.square(x).numpy(), np.array([1, 4, 9.000001]), rtol=1e-5)
np.testing.assert_array_equal(tf.range(4).numpy(), np.arange(4))
print("passed")
for f in [lambda: np.testing.assert_allclose(np.array([1.0, 2.0, 3.1]), [1, 2, 3]),
          lambda: np.testing.assert_array_equal(np.array([1, 2]), [1, 3]),
          lambda: np.testing.assert_allclose(np.array([1.0, 2.0]), [1, 2, 3]),
          lambda: np.testing.assert_allclose(np.float32(1.5), 1.25, rtol=0.01),
          lambda: np.testing.assert_allclose(tf.constant([0.1, 0.2]).numpy(), [0.1, 0.0], atol=1e-3),
          lambda: np.testing.assert_allclose(np.array([np.nan, 1.0]), [np.nan, 2.0]),
          lambda: np.testing.assert_allclose(np.arange(30.0).reshape(10, 3), np.zeros((10, 3)))]:
    try:
        f()
    except AssertionError as e:
        print(repr(str(e)))
