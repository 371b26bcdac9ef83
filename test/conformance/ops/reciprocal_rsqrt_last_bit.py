# tf.math.reciprocal, tf.math.rsqrt and tf.nn.softmax on float32 as
# TensorFlow's CPU kernels compute them: 8-wide packets refine the
# processor's approximation (so the last bit can differ from exact
# division), the last size % 8 elements divide exactly. docs/numerics.md.
import numpy as np
import tensorflow as tf

values = [0.5, 3.0, 7.0, 0.1, 1e-3, 2.0, 1.0, 123.456, 0.75, 5.5, 6.25, 9.0,
          11.0, 13.0, 17.0, 19.0, 0.3]
x = tf.constant(values)
print([float(v) for v in tf.math.reciprocal(x).numpy()])
print([float(v) for v in tf.math.rsqrt(x).numpy()])
# Fewer than 8 elements: all exact.
print([float(v) for v in tf.math.reciprocal(x[:3]).numpy()])
# Zeros, infinities, NaN, a denormal and huge values in one packet.
special = tf.constant([0.0, -0.0, float("inf"), float("-inf"), float("nan"),
                       1e-40, 3e38, -2.0, 4.0])
print([float(v) for v in tf.math.reciprocal(special).numpy()])
print([float(v) for v in tf.math.rsqrt(special).numpy()])
# float64 divides exactly everywhere.
print(tf.math.reciprocal(tf.constant(values[:9], tf.float64)).numpy())


@tf.function
def probabilities(logits):
    return tf.nn.softmax(logits)


# 20 rows: the first 16 are scaled by the packet reciprocal of their sums.
logits = tf.constant(np.linspace(-3, 3, 60).reshape(20, 3).astype(np.float32))
for row in probabilities(logits).numpy():
    print([float(v) for v in row])
print([float(v) for v in tf.reshape(tf.nn.softmax(logits[:5]), [-1]).numpy()])
