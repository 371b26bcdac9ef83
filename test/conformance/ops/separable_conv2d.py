# tf.nn.separable_conv2d: the depthwise convolution, then a 1x1 convolution
# by the pointwise filter, bit for bit with TensorFlow (a position-weighted
# checksum of the float32 bits), in a function and through gradients.
import tensorflow as tf


def bits(t):
    v = tf.cast(tf.reshape(tf.bitcast(t, tf.int32), [-1]), tf.int64)
    return int(tf.reduce_sum(v * tf.range(1, tf.size(v, tf.int64) + 1)))


x = tf.random.stateless_normal([2, 9, 11, 3], seed=[1, 2])
dw = tf.random.stateless_normal([3, 3, 3, 2], seed=[3, 4])
pw = tf.random.stateless_normal([1, 1, 6, 5], seed=[5, 6])
for strides, padding in [([1, 1, 1, 1], "SAME"), ([1, 2, 2, 1], "VALID"), ([1, 2, 2, 1], "SAME")]:
    y = tf.nn.separable_conv2d(x, dw, pw, strides, padding)
    print(y.shape, bits(y))


@tf.function
def f(x):
    return tf.nn.separable_conv2d(x, dw, pw, [1, 1, 1, 1], "VALID")


print(f(x).shape, bits(f(x)))
with tf.GradientTape() as tape:
    tape.watch([dw, pw])
    loss = tf.reduce_sum(tf.nn.separable_conv2d(x, dw, pw, [1, 1, 1, 1], "SAME") ** 2)
g = tape.gradient(loss, [dw, pw])
print(bits(g[0]), bits(g[1]))
for bad in [lambda: tf.nn.separable_conv2d(x, dw, tf.ones([2, 1, 6, 5]), [1, 1, 1, 1], "SAME"),
            lambda: tf.nn.separable_conv2d(x, dw, tf.ones([6, 5]), [1, 1, 1, 1], "SAME"),
            lambda: tf.nn.separable_conv2d(x, dw, tf.ones([1, 1, 4, 5]), [1, 1, 1, 1], "SAME")]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
