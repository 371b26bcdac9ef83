# Gradients that TensorFlow's kernels make 0 where a formula would give
# NaN: sqrt, rsqrt and reciprocal where the incoming gradient is 0 (the
# tf.where guard), and xlogy, xlog1py and xdivy where x is 0.
import tensorflow as tf

x = tf.constant([0.0, -1.0, 4.0])
for f in [tf.sqrt, tf.math.rsqrt, tf.math.reciprocal]:
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.where(x > 0, f(x), 0.0)
    print(f.__name__, t.gradient(y, x))

x = tf.constant([0.0, 0.0, 2.0, 1.5])
y = tf.constant([0.0, 3.0, 0.0, 2.0])
for f in [tf.math.xlogy, tf.math.xlog1py, tf.math.xdivy]:
    with tf.GradientTape(persistent=True) as t:
        t.watch([x, y])
        z = f(x, y)
    print(f.__name__, z, t.gradient(z, x), t.gradient(z, y))


@tf.function
def entropy_grad(p):
    with tf.GradientTape() as t:
        t.watch(p)
        h = -tf.reduce_sum(tf.math.xlogy(p, p))
    return h, t.gradient(h, p)


print(entropy_grad(tf.constant([0.0, 0.25, 0.75])))


@tf.function
def guarded_sqrt_grad(v):
    with tf.GradientTape() as t:
        t.watch(v)
        s = tf.reduce_sum(tf.where(v > 0, tf.sqrt(v), tf.zeros_like(v)))
    return t.gradient(s, v)


print(guarded_sqrt_grad(tf.constant([0.0, 1.0, -2.0, 9.0])))
