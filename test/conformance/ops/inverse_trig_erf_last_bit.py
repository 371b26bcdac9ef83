# atan, asin, acos, atanh, erf, erfc and exact gelu as TensorFlow's kernels
# compute them: Eigen's packet approximations before size - size % 8 (atan
# and erfc with the processor's approximate reciprocal), the C library or
# Eigen's scalar forms after; erf is one rational function everywhere.
import numpy as np
import tensorflow as tf
rng = np.random.RandomState(3)
x = tf.constant(rng.uniform(-0.999, 0.999, size=45).astype(np.float32))
w = tf.constant(rng.uniform(-30, 30, size=45).astype(np.float32))
special = tf.constant([0.0, -0.0, 1.0, -1.0, 1.5, -1.5, float("nan"), float("inf"), float("-inf"), 0.5, -0.5, 1e-30, 0.49999997, 100.0, -100.0, 3.0], dtype=tf.float32)
for name, fn in [("atan", tf.math.atan), ("asin", tf.math.asin), ("acos", tf.math.acos), ("atanh", tf.math.atanh), ("erf", tf.math.erf), ("erfc", tf.math.erfc), ("gelu", tf.nn.gelu)]:
    print(name, fn(x).numpy().tolist())
    print(name, fn(w).numpy().tolist())
    print(name, fn(special).numpy().tolist())
@tf.function
def f(x):
    return tf.nn.gelu(x), tf.math.erfc(x), tf.math.atan(x)
for r in f(w):
    print(r.numpy().tolist())
