# np.isnan, np.isinf and np.isfinite on arrays, lists and scalars.
import numpy as np
import tensorflow as tf
a = np.array([1.0, np.nan, np.inf, -np.inf, 0.0])
print(np.isnan(a), np.isinf(a), np.isfinite(a), np.isnan(2.0), np.isinf(np.float32(np.inf)), np.isnan([1, 2]))
print(np.isnan(tf.constant([1.0, float("nan")]).numpy()).any(), np.isfinite(np.array([[1, 2], [3, 4]])).all())
