# Sizes known only at run time: tf.roll by a shift tensor or along a None
# dimension (and its gradient), tf.meshgrid of None-sized inputs, tf.eye of
# a size tensor, tf.linalg.diag of a None-sized diagonal, and the causal
# masks band_part builds on a matrix of run-time size.
import tensorflow as tf


def show(f, *args):
    try:
        print(f(*args))
    except Exception as e:
        lines = [l for l in str(e).split("\n") if l.strip() and "File" not in l]
        print(type(e).__name__, lines[-2:][0].split(" [Op:__inference")[0])
        print(lines[-1].split(" [Op:__inference")[0])


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                              tf.TensorSpec([], tf.int32)])
def roll(x, s):
    return tf.roll(x, s, 0)


for s in [2, -7, 0, 12]:
    show(roll, tf.range(5.), tf.constant(s))
show(roll, tf.range(0.), tf.constant(3))


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.int32)])
def roll_rows(x):
    return tf.roll(x, [1, -1, 2], [0, 1, 0])


show(roll_rows, tf.reshape(tf.range(12), [3, 4]))


@tf.function
def roll_both(x, s):
    return tf.roll(x, s, axis=[0, 1])


show(roll_both, tf.reshape(tf.range(6.), [2, 3]), tf.constant([1, 2]))
show(roll_both, tf.reshape(tf.range(6.), [2, 3]),
     tf.constant([-3, 7], tf.int64))


@tf.function
def roll_grad(x, s):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.roll(x, s, 0) * tf.constant([1., 2., 3., 4.])
    return t.gradient(y, x)


show(roll_grad, tf.range(4.), tf.constant(1))
show(roll_grad, tf.range(4.), tf.constant(-5))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                              tf.TensorSpec([3], tf.float32)])
def grid(x, y):
    a, b = tf.meshgrid(x, y)
    c, d = tf.meshgrid(x, y, indexing="ij")
    print(a.shape, c.shape)
    return a, b, c, d


show(grid, tf.constant([1., 2.]), tf.constant([3., 4., 5.]))
show(grid, tf.constant([], tf.float32), tf.constant([3., 4., 5.]))


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def eye(n):
    return (tf.eye(n), tf.eye(n, 2), tf.eye(2, n, batch_shape=[2]),
            tf.eye(n, dtype=tf.int64))


# (A negative n fails four Fills; which one TensorFlow reports varies.)
for n in [3, 0, 1]:
    show(eye, tf.constant(n))


@tf.function
def batch_eye(b, n):
    e = tf.eye(n, batch_shape=b)
    print(e.shape)
    return e


show(batch_eye, tf.constant([2]), 2)
show(batch_eye, tf.constant([2, 1]), tf.constant(2))
show(batch_eye, tf.constant([2]), -1)
show(batch_eye, tf.constant([-2]), 2)


@tf.function
def rectangle(n):
    return tf.eye(n, 3, dtype=tf.bool)


show(rectangle, tf.constant(2))
show(rectangle, tf.constant(4))
show(rectangle, tf.constant(-3))


@tf.function
def plus_identity(x):
    n = tf.shape(x)[0]
    return x + tf.eye(n) * 10.0


show(plus_identity, tf.ones([2, 2]))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def diag(v):
    d = tf.linalg.diag(v)
    print(d.shape)
    return d


show(diag, tf.constant([1., 2., 3.]))
show(diag, tf.constant([], tf.float32))


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.int32)])
def batch_diag(v):
    return tf.linalg.diag(v)


show(batch_diag, tf.constant([[1, 2], [3, 4]]))


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def bands(x):
    n = tf.shape(x)[0]
    causal = tf.linalg.band_part(tf.ones((n, n)), -1, 0)
    upper = tf.linalg.band_part(x, 0, -1)
    diagonal = tf.linalg.band_part(x, 0, 0)
    everything = tf.linalg.band_part(x, -1, -1)
    return causal, upper, diagonal, everything


show(bands, tf.reshape(tf.range(12.), [3, 4]))
show(bands, tf.reshape(tf.range(12.), [4, 3]))

# Arguments of the wrong dtype or rank: TensorFlow's errors.
@tf.function
def roll_by(x, s):
    return tf.roll(x, s, 0)


@tf.function
def eye_of(n):
    return tf.eye(n)


show(roll_by, tf.range(3.), tf.constant(1.0))
show(roll_by, tf.range(3.), tf.constant([[1]]))
show(eye_of, tf.constant(2.0))
