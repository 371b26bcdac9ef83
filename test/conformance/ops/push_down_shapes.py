# Grappler's constant push-down regroups (x + y) - c as x + (y - c) only
# when the constant c is a scalar or has y's shape; otherwise the function
# rounds as the eager ops do. The linear-regression residual
# `X @ w + b - Y` (a matrix product plus a scalar bias) is one of the kept
# cases. Each line says whether the function's result equals the eager one
# (and prints a digest of its bits).
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(1)


def digest(r):
    bits = tf.reshape(tf.bitcast(r, tf.int32), [-1]).numpy()
    bits = bits.astype(np.int64) % 2**32
    weights = np.arange(1, bits.size + 1, dtype=np.int64)
    return int((bits * weights).sum() % (2**61 - 1))


cases = [([256, 1], [], [256, 1]), ([], [256, 1], [256, 1]),
         ([300], [300], []), ([300], [], [300]), ([3, 300], [300], [3, 300]),
         ([3, 300], [3, 300], [300]), ([], [300], [3, 300]),
         ([300], [1], [300]), ([1, 300], [3, 300], [3, 300])]


def tensor(shape):
    return tf.constant(rng.randn(*shape).astype(np.float32) if shape
                       else np.float32(rng.randn()))


# Three functions of three cases each: five traces of one function would
# warn about retracing.
def first(c):
    return tf.function(lambda a, b: a + b - c)


def second(c):
    return tf.function(lambda a, b: a + b - c)


def third(c):
    return tf.function(lambda a, b: a + b - c)


for i, (xs, ys, cs) in enumerate(cases):
    c = tensor(cs).numpy()
    x, y = tensor(xs), tensor(ys)
    r = [first, second, third][i // 3](c)(x, y)
    print(xs, ys, cs, bool((r.numpy() == (x + y - c).numpy()).all()),
          digest(r))

X = rng.randn(256, 10).astype(np.float32)
Y = rng.randn(256, 1).astype(np.float32)
w = tf.Variable(rng.randn(10, 1).astype(np.float32))
b = tf.Variable(np.float32(-0.04255407676100731))


@tf.function
def linear_residual():
    return tf.matmul(X, w) + b - Y


r = linear_residual()
# (Only whether it equals the eager result: the product's last bits differ
# between processors.)
print("X @ w + b - Y", bool((r.numpy() == (tf.matmul(X, w) + b - Y).numpy()).all()))
