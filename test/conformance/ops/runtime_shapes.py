# Shapes known only at run time: tf.zeros/ones/fill and tf.reshape given
# tf.shape(x), its elements, or a list holding scalar tensors. The static
# shape is what TensorFlow's shape inference knows; the values come at run
# time, and a bad shape raises the kernel's error.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def creation(x):
    n = tf.shape(x)[0]
    a = tf.zeros([n, 3])
    b = tf.ones(tf.shape(x), tf.int32)
    c = tf.fill([2, n], 7.5)
    d = tf.zeros(tf.shape(x)[1:])
    e = tf.zeros_like(x) + tf.ones([n, 1])
    print("traced:", a.shape, b.shape, c.shape, d.shape, e.shape)
    return a, b, c, d, e


for rows in [1, 2, 0]:
    for t in creation(tf.ones([rows, 3])):
        print(t)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                              tf.TensorSpec([], tf.int32)])
def to_rows(x, n):
    y = tf.reshape(x, [n, -1])
    print("traced:", y.shape)
    return y


print(to_rows(tf.range(6.0), tf.constant(2)))
print(to_rows(tf.range(6.0), tf.constant(3)))
print(to_rows(tf.range(0.0), tf.constant(4)))
for n in [4, -2, -1]:
    try:
        print(to_rows(tf.range(6.0), tf.constant(n)))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, str(e).splitlines()[-2])


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
def like(x):
    flat = tf.reshape(x, [-1])
    back = tf.reshape(flat, tf.shape(x))
    wide = tf.reshape(x, [tf.shape(x)[0] * tf.shape(x)[1], 1])
    print("traced:", flat.shape, back.shape, wide.shape)
    return back, wide


print(like(tf.constant([[1, 2, 3], [4, 5, 6]])))


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def known_count(n):
    x = tf.ones([2, 3])
    y = tf.reshape(x, [n, 3])
    unused = tf.reshape(x, [n])  # pruned: its error never happens
    print("traced:", y.shape, unused.shape, tf.reshape(x, [n, -1]).shape)
    return y


print(known_count(tf.constant(2)))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                              tf.TensorSpec([], tf.float32)])
def fill_value(x, v):
    return tf.fill(tf.shape(x), v), tf.fill([2], v)


print(fill_value(tf.ones([3]), tf.constant(2.5)))
