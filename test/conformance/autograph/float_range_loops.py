# tf.range with float bounds known only at run time: a Range node of
# run-time length (start + i * delta, the kernel's checks), and AutoGraph's
# loop over it, whose variable is incremented by delta while it is short of
# the limit, at most ceil((limit - start) / delta) times.
import tensorflow as tf


@tf.function
def halves(n):
    return tf.range(0.0, tf.cast(n, tf.float32), 0.5)


print(halves(tf.constant(2)))
print(halves(tf.constant(0)))


@tf.function
def float_range(a, b, d):
    return tf.range(a, b, d)


print(float_range(tf.constant(0.1), tf.constant(1.0), tf.constant(0.1)))
print(float_range(tf.constant(1.0), tf.constant(-1.0), tf.constant(-0.3)))
print(float_range(tf.constant(0.1, tf.float64), tf.constant(1.0, tf.float64),
                  tf.constant(0.1, tf.float64)))
for a, b, d in [(1.0, 0.0, 0.5), (0.0, 1.0, -0.5), (0.0, 1.0, 0.0),
                (0.1, 1e-3, 0.1)]:
    try:
        print(float_range(tf.constant(a), tf.constant(b), tf.constant(d)))
    except tf.errors.InvalidArgumentError as e:
        print(str(e).splitlines()[-2])


@tf.function
def count_steps(a, b, d):
    n = 0
    for x in tf.range(a, b, d):
        tf.print(x)
        n += 1
    return n


print(count_steps(tf.constant(0.0), tf.constant(1.0), tf.constant(0.1)))
print(count_steps(tf.constant(0.0, tf.float64), tf.constant(1.0, tf.float64),
                  tf.constant(0.1, tf.float64)))
print(count_steps(tf.constant(1.0), tf.constant(-1.0), tf.constant(-0.3)))
print(count_steps(tf.constant(1.0), tf.constant(0.0), tf.constant(0.3)))


@tf.function
def two_loops(b):
    s = tf.constant(0.0)
    for x in tf.range(0.0, b, 0.25):
        s = s + x
    for x in tf.range(b, 0.0, -0.5):
        s = s * 2.0 + x
    return s


print(two_loops(tf.constant(1.3)))
