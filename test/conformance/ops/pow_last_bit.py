# Pow as TensorFlow's kernel computes it: Eigen's packet pow for the
# elements before size - size % 8, the C library's powf after them; inside
# tf.function grappler's ConvertPow (x**2 -> Square, 3, 0.5, -0.5, -1, 1)
# and SqrtDivToRsqrtMul (x / sqrt(y) -> rsqrt(y) * x).
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(7)
x = tf.constant(rng.uniform(0.01, 20.0, size=45).astype(np.float32))
for y in [2.0, 3.0, 0.5, 1.7, -1.0, -0.5, -2.3, 7.0, 0.1]:
    print(y, (x ** y).numpy().tolist())

e = tf.constant(rng.uniform(-4.0, 4.0, size=45).astype(np.float32))
print(tf.pow(x, e).numpy().tolist())
print(tf.pow(tf.constant(2.0), e).numpy().tolist())

special = tf.constant([0.0, -0.0, 1.0, -1.0, -2.0, -2.0, float("inf"),
                       float("-inf"), float("nan"), 1e-40, 3.0, 0.5, -8.0,
                       1e30, 1e-30, 2.0], dtype=tf.float32)
powers = tf.constant([-1.0, -3.0, float("nan"), float("inf"), 3.0, 0.5,
                      -2.0, 3.0, 0.0, 0.5, 1.0, float("-inf"), 1.0 / 3.0,
                      2.0, 3.0, 200.0], dtype=tf.float32)
print(tf.pow(special, powers).numpy().tolist())
print(tf.pow(tf.reshape(x[:40], [5, 8]), tf.constant([[1.5], [2.5], [0.3], [4.0], [-1.5]])).numpy().tolist())

@tf.function
def f(x, y):
    return (x ** 2, x ** 3.0, x ** 0.5, x ** -0.5, x ** -1, x ** 1.0,
            x ** 1.7, x / tf.sqrt(y), x / tf.sqrt(y) + tf.sqrt(y))

for r in f(x, x + 1.0):
    print(r.numpy().tolist())
