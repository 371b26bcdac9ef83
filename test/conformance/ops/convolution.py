# tf.nn.convolution: conv1d or conv2d by the input's rank; dilated, the
# space_to_batch form (strides must then be 1). Small integer values keep
# every sum exact, so the output does not depend on summation order.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)


def ints(*shape):
    return tf.constant(rng.randint(-3, 4, size=shape).astype(np.float32))


x2 = ints(2, 9, 10, 3)
k2 = ints(3, 3, 3, 4)
x1 = ints(2, 11, 3)
k1 = ints(3, 3, 5)


def show(name, t):
    a = t.numpy()
    print(name, t.shape, a.sum(), a[0].ravel()[:8])


show("2d valid", tf.nn.convolution(x2, k2))
show("2d same", tf.nn.convolution(x2, k2, padding="SAME"))
show("2d strides", tf.nn.convolution(x2, k2, strides=2, padding="SAME"))
show("2d strides list", tf.nn.convolution(x2, k2, strides=[1, 2, 3, 1]))
show("2d dilated same", tf.nn.convolution(x2, k2, padding="SAME", dilations=2))
show("2d dilated valid", tf.nn.convolution(x2, k2, dilations=[2, 3]))
show("1d valid", tf.nn.convolution(x1, k1))
show("1d strides", tf.nn.convolution(x1, k1, strides=2, padding="SAME"))
show("1d dilated", tf.nn.convolution(x1, k1, padding="SAME", dilations=3))


@tf.function(input_signature=[tf.TensorSpec([None, 9, 10, 3])])
def layer(x):
    return tf.nn.relu(tf.nn.convolution(x, k2, padding="SAME", dilations=2))


show("function", layer(x2))
show("function batch 1", layer(x2[:1]))

with tf.GradientTape() as tape:
    tape.watch([x2, k2])
    y = tf.nn.convolution(x2, k2, padding="SAME", dilations=[2, 1])
gx, gk = tape.gradient(y, [x2, k2])
show("grad input", gx)
show("grad filter", gk)

for bad in [lambda: tf.nn.convolution(x2, k2, strides=2, dilations=2),
            lambda: tf.nn.convolution(tf.ones([4, 2]), tf.ones([2, 2])),
            lambda: tf.nn.convolution(x2, k2, strides=[1, 2, 2])]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
