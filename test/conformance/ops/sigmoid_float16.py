# float16 sigmoid as TensorFlow's kernel runs Eigen's generic logistic on half:
# exp (the float packet form on whole packets, expf after), then
# e / (1 + e) in half arithmetic, 1 where exp overflows; silu and rsqrt too.
import tensorflow as tf, numpy as np
rng = np.random.RandomState(1)
for n in [7, 8, 13, 1000]:
    x = (rng.randn(n) * 6).astype(np.float16)
    print(tf.sigmoid(tf.constant(x)).numpy().tolist())
@tf.function
def f(x):
    return tf.sigmoid(x)
x = (rng.randn(300) * 4).astype(np.float16)
print(f(tf.constant(x)).numpy().tolist())
print(tf.sigmoid(tf.constant([-12.0, 2.0, 11.0, -20.0, 0.0, 65504.0, -65504.0, float("nan")], tf.float16)))
# silu multiplies by the same sigmoid; rsqrt's half packets take the float
# packet's Newton step, then round.
x = (rng.randn(37) * 5).astype(np.float16)
print(tf.nn.silu(tf.constant(x)).numpy().tolist())
print(tf.math.rsqrt(tf.abs(tf.constant(x)) + 1).numpy().tolist())
