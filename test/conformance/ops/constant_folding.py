# Inside a tf.function grappler folds expressions of constants before its
# arithmetic rewrites: they are computed op by op (an exact division), while
# the rewrites (a division by a constant as a multiplication by its
# reciprocal, regrouped products) apply to the rest and to constants past
# 10 MiB, which grappler does not fold.
import tensorflow as tf

@tf.function
def consts(x):
    c = tf.range(12, dtype=tf.float32)
    a = (c * 1.7) * 2.3
    b = c / 3.0 + 0.1
    d = c ** 3
    e = c / tf.sqrt(c + 2.0)
    f = x + (c / 7.0 + 0.3)
    g = x * (c / 3.0) * 0.7
    h = tf.cast(tf.size(c), tf.float32) / 10.0
    k = x / 10.0
    return a, b, d, e, f, g, h, k

for t in consts(tf.range(12, dtype=tf.float32) + 0.5):
    print(t.numpy().tolist())

@tf.function
def big():
    # Past 10 MiB grappler does not fold: the division is rewritten.
    c = tf.fill([1500, 1800], 9.0) / 10.0
    small = tf.fill([10], 9.0) / 10.0
    return c[0, :3], small[:3]

print(big())
@tf.function
def shape_based(x):
    n = tf.cast(tf.shape(x)[0], tf.float32)
    return x / n, n / 10.0

print(shape_based(tf.ones([9, 2]) * 7.0))


@tf.function(input_signature=[tf.TensorSpec([None, 8])])
def scaled(x):
    # A divisor folded to a constant (sqrt(8)) is rewritten too: x times its
    # reciprocal, as attention's scaling computes it.
    return (x / tf.sqrt(tf.cast(8, tf.float32)),
            x / tf.cast(tf.shape(x)[1], tf.float32),
            x / tf.cast(tf.shape(x)[0], tf.float32))


for t in scaled(tf.reshape(tf.range(24, dtype=tf.float32), [3, 8]) * 0.37):
    print(t.numpy().ravel().tolist())
