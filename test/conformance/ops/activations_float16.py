# float16 sigmoid as TensorFlow's kernel runs Eigen's generic logistic on half:
# exp (the float packet form on whole packets, expf after), then
# e / (1 + e) in half arithmetic, 1 where exp overflows; silu, rsqrt,
# softplus, log_sigmoid, erf, erfc and gelu too.
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
# Softplus's thresholds use Eigen's epsilon for half (2^-13): x above 7.0078
# is x, below -7.0078 exp(x); log1p between takes the float function.
for v in [x, (rng.randn(200) * 6).astype(np.float16), np.arange(-12.0, 12.0, 0.125).astype(np.float16)]:
    print(tf.nn.softplus(tf.constant(v)).numpy().tolist())
    print(tf.math.log_sigmoid(tf.constant(v)).numpy().tolist())
# erf and erfc through float (the packet forms, Eigen's scalar forms after),
# and the exact gelu, 0.5 x erfc(-x / sqrt(2)), in half arithmetic.
for v in [x, (rng.randn(203) * 3).astype(np.float16)]:
    print(tf.math.erf(tf.constant(v)).numpy().tolist())
    print(tf.math.erfc(tf.constant(v)).numpy().tolist())
    print(tf.nn.gelu(tf.constant(v)).numpy().tolist())
