# Sigmoid of half and bfloat16 runs Eigen's generic logistic: e = exp(x),
# then e / (1 + e) with each operation rounded to the narrow type, so that
# bfloat16 sigmoid(6) is 1. silu is x * sigmoid(x).
import numpy as np
import tensorflow as tf

values = np.linspace(-12.0, 12.0, 41).tolist() + [6.0, -5.7, -1.5, 2.1, 90.0]
for dtype in (tf.bfloat16, tf.float16):
    x = tf.constant(values, dtype)
    print(tf.sigmoid(x))
    print(tf.nn.silu(x))
    print(tf.function(tf.sigmoid)(x[:7]))
