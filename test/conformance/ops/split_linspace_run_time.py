# tf.split by sizes known only at run time (SplitV's checks in the compiled
# kernel, the -1 piece, the gradient) and tf.linspace with a start, stop or
# count known only at run time.
import tensorflow as tf

def show(f, *args):
    try:
        print(f(*args))
    except Exception as e:
        lines = [l for l in str(e).split("\n") if l.strip() and "File" not in l]
        print(type(e).__name__, lines[-2:][0].split(" [Op:__inference")[0])
        print(lines[-1].split(" [Op:__inference")[0])


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([2], tf.int32)])
def sp(x, s):
    a, b = tf.split(x, s)
    print(a.shape, b.shape)
    return a, b
for s in [[2, 3], [1, 1], [-1, 2], [6, -1], [-1, -1], [0, 5], [-2, 7]]:
    show(sp, tf.range(5.), tf.constant(s))

@tf.function
def sp2(x, n):
    parts = tf.split(x, [n, 1, -1], axis=1)
    return [p * 2 for p in parts]
show(sp2, tf.reshape(tf.range(12), [2, 6]), tf.constant(2))
show(sp2, tf.reshape(tf.range(12), [2, 6]), tf.constant(6))

@tf.function
def grad(x, s):
    with tf.GradientTape() as t:
        t.watch(x)
        a, b = tf.split(x, s)
        y = tf.reduce_sum(a) * 2. + tf.reduce_sum(b * b)
    return t.gradient(y, x)
show(grad, tf.range(4.), tf.constant([1, 3]))


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def ls(n):
    return tf.linspace(0., 1., n)
for n in [5, 1, 0, 3, 7, -2]:
    show(ls, tf.constant(n))

@tf.function
def ends(a, b):
    x = tf.linspace(a, b, 6)
    print(x.shape)
    return x
show(ends, tf.constant(-1.5), tf.constant(2.25))
show(ends, tf.constant(0.1, tf.float64), tf.constant(0.7, tf.float64))
show(ends, tf.constant([0., 10.]), tf.constant([1., 20.]))

@tf.function
def ints(n):
    return tf.linspace(2, 9, n)
show(ints, tf.constant(4))

@tf.function
def axis1(a, n):
    return tf.linspace(a, [5., 6., 7.], n, axis=1)
show(axis1, tf.constant([[1., 2., 3.]]), tf.constant(3))
show(axis1, tf.constant([0., 1., 2.]), tf.constant(4))

# Arguments of the wrong dtype: TensorFlow's errors.
@tf.function
def split_by(x, s):
    return tf.split(x, s)


@tf.function
def points(n):
    return tf.linspace(0., 1., n)


show(split_by, tf.range(3.), tf.constant([1.0, 2.0]))
show(points, tf.constant(2.5))


# Sizes known at trace time on a dimension known only at run time.
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def split_known(x):
    a, b = tf.split(x, [1, 2])
    c, d = tf.split(x, [1, -1])
    print(a.shape, d.shape)
    return a, b, c, d


show(split_known, tf.range(3.))
show(split_known, tf.range(4.))


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
def split_columns(x):
    return (tf.split(x, [1, 3], axis=1),
            tf.split(x, tf.constant([2, -1]), axis=0))


show(split_columns, tf.reshape(tf.range(12.), [3, 4]))
