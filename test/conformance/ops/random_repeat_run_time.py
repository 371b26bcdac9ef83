# Run-time shapes for the stateless random ops (the compiled kernels draw
# TensorFlow's Philox stream), tf.repeat along a None dimension or by a
# count known only at run time, and tf.random.set_seed inside a
# tf.function, which sets that graph's seed and not the global one.
import tensorflow as tf

@tf.function
def r(n, m):
    a = tf.random.stateless_uniform([n, 2], seed=[1, 2])
    b = tf.random.stateless_normal([n], seed=[3, 4], dtype=tf.float64)
    c = tf.random.stateless_truncated_normal([m, n], seed=[5, 6])
    d = tf.random.stateless_uniform([n], seed=[7, 8], minval=-5, maxval=5, dtype=tf.int32)
    e = tf.random.stateless_uniform([n, 3], seed=[9, 10], minval=0, maxval=1 << 40, dtype=tf.int64)
    f = tf.random.stateless_normal([n, 3], seed=[11, 12], mean=2., stddev=3.)
    print(a.shape, c.shape)
    return a, b, c, d, e, f
print(r(tf.constant(3), tf.constant(2)))
print(r(tf.constant(5), tf.constant(3)))
print(r(tf.constant(0), tf.constant(1)))

@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
def noise(x):
    return x + tf.random.stateless_normal(tf.shape(x), seed=[1, 1])
print(noise(tf.zeros([3, 4])))


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def t1(x):
    return tf.tile(x, [2, 1]), tf.repeat(x, 2, axis=0), tf.repeat(x, 3)
print(t1(tf.reshape(tf.range(6.), [2, 3])))
print(t1(tf.zeros([0, 3])))
@tf.function
def t2(x, r):
    return tf.repeat(x, r, axis=1), tf.repeat(x, [r], axis=0)
print(t2(tf.reshape(tf.range(6), [2, 3]), tf.constant(2)))
print(t2(tf.reshape(tf.range(6), [2, 3]), tf.constant(0)))


@tf.function
def r4(x):
    return tf.random.normal(tf.shape(x), seed=3)
print(r4(tf.ones([2])))
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def r5(x):
    return tf.nn.dropout(x, 0.5, seed=1)
print(r5(tf.ones([4])))
@tf.function
def r3(n):
    tf.random.set_seed(1)
    return tf.random.uniform([n])
print(r3(tf.constant(3)))
print(r4(tf.ones([3])))
