# Slicing with bounds held by tensors whose values only the run time knows:
# x[:n], x[n:], x[i], x[-n:], x[i:i + 2, 1:], x[..., :i], in loops too. The
# sliced dimension's static size becomes unknown; indices out of range raise
# the kernel's error, negative ones named after adding the dimension.
import tensorflow as tf


@tf.function
def windows(x, n):
    parts = x[:n], x[n:], x[n], x[-n:], x[1:n], x[n::2], x[:n:-1 * -1]
    print("traced:", [p.shape for p in parts])
    return parts


print(windows(tf.constant([1, 2, 3, 4, 5]), tf.constant(2)))
print(windows(tf.constant([1, 2, 3, 4, 5]), tf.constant(-4)))
print(windows(tf.constant([1.5, 2.5, 3.5]), tf.constant(-1)))


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32),
                              tf.TensorSpec([], tf.int64)])
def matrix(x, i):
    parts = x[:, i], x[i:i + 2, 1:], x[..., :i], x[i, i]
    print("traced:", [p.shape for p in parts])
    return parts


grid = tf.reshape(tf.range(12.0), [3, 4])
print(matrix(grid, tf.constant(1, tf.int64)))
print(matrix(grid, tf.constant(-1, tf.int64)))
for i in [5, -6]:
    try:
        print(matrix(grid, tf.constant(i, tf.int64)))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, str(e).splitlines()[-2])


@tf.function
def prefix_sums(x):
    out = tf.constant(0)
    for i in tf.range(tf.shape(x)[0]):
        out += tf.reduce_sum(x[:i + 1])
    return out


print(prefix_sums(tf.constant([1, 2, 3, 4])))

x = tf.constant([1, 2, 3, 4, 5])
for i in [-7, 5, -1]:
    try:
        print(x[i])
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, str(e).splitlines()[0])


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32),
                              tf.TensorSpec([], tf.int32)])
def shifted(x, i):
    return x[1:][i]


for i in [-7, 2, 9]:
    try:
        print(shifted(x, i))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, str(e).splitlines()[-2])


# A run-time bound beside an index: the result drops the indexed axes while
# its other sizes are known only at run time.
@tf.function
def windows(t, a, b):
    return t[a:, b:, 0], t[a, b:, 1:], t[:a, 0, b:], t[a:, 1:, 0]


cube = tf.reshape(tf.range(24), [2, 3, 4])
for part in windows(cube, tf.constant(1), tf.constant(1)):
    print(part)


@tf.function
def more_windows(t, a, b):
    return t[a:, 1:, a], t[a:b, ::2, a], t[a, 1:, b], t[1:, a]


for part in more_windows(cube, tf.constant(1), tf.constant(2)):
    print(part)


# tf.newaxis beside a run-time index.
@tf.function
def new_axes(t, a):
    return (t[tf.newaxis, a], t[a, tf.newaxis], t[..., a, tf.newaxis],
            t[tf.newaxis, a:, tf.newaxis, 1])


for part in new_axes(tf.reshape(tf.range(6), [3, 2]), tf.constant(1)):
    print(part)
