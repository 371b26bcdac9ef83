# TensorFlow's CPU Conv2DBackpropInput/Filter kernels refuse dilations > 1
# although Conv2D computes them: the gradient fails, eagerly (the input's,
# computed first, even for the filter alone) and in a function (the node
# the requested gradient needs).
import tensorflow as tf

x = tf.ones([1, 5, 5, 2])
k = tf.ones([3, 3, 2, 1])


def show(e):
    lines = str(e).splitlines()
    print(type(e).__name__, lines[0])
    for line in lines[1:]:
        if "node" in line or "Current" in line:
            print("   ", line.split(" [Op:__inference")[0].strip())


def input_grad(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.nn.conv2d(x, k, strides=1, padding="SAME", dilations=2)
    return t.gradient(y, x)


def filter_grad(k):
    with tf.GradientTape() as t:
        t.watch(k)
        y = tf.nn.conv2d(x, k, strides=1, padding="VALID", dilations=[1, 2, 2, 1])
    return t.gradient(y, k)


def conv1d_grad(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.nn.conv1d(x, tf.ones([3, 2, 1]), stride=1, padding="SAME", dilations=2)
    return t.gradient(y, x)


for f, arg in [(input_grad, x), (filter_grad, k), (conv1d_grad, tf.ones([1, 7, 2]))]:
    for g in (f, tf.function(f)):
        try:
            g(arg)
        except tf.errors.InvalidArgumentError as e:
            show(e)

# The forward dilated convolution runs.
print(tf.nn.conv2d(x, k, strides=1, padding="SAME", dilations=2)[0, :, :, 0])
