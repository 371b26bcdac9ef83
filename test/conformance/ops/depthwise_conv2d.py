# tf.nn.depthwise_conv2d: each input channel convolved with its own
# filters (a depth multiplier of them), summed as TensorFlow's CPU kernel
# sums the window; its gradients in the orders of the two backprop kernels
# (per multiplier, then added; per image, then added).
import numpy as np
import tensorflow as tf

np.random.seed(0)
cases = [((1, 7, 7, 3), (3, 3, 3, 2), 1, "SAME"),
         ((2, 8, 8, 4), (3, 3, 4, 1), 2, "SAME"),
         ((1, 9, 9, 2), (5, 5, 2, 1), 1, "VALID"),
         ((3, 6, 6, 2), (3, 3, 2, 3), 1, "SAME"),
         ((2, 5, 6, 3), (2, 3, 3, 1), 2, "VALID")]
for shape, fshape, s, padding in cases:
    x = tf.constant(np.random.randn(*shape).astype(np.float32))
    f = tf.constant(np.random.randn(*fshape).astype(np.float32))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, f])
        y = tf.nn.depthwise_conv2d(x, f, [1, s, s, 1], padding)
        dy = tf.constant(np.random.randn(*y.shape).astype(np.float32))
        z = tf.reduce_sum(y * dy)
    gx, gf = tape.gradient(z, [x, f])
    print(y.shape, y.numpy().ravel().tolist())
    print(gx.numpy().ravel().tolist())
    print(gf.numpy().ravel().tolist())


@tf.function(input_signature=[tf.TensorSpec([None, 6, 6, 2])])
def block(x):
    f = tf.constant(np.linspace(-1.0, 1.0, 36).astype(np.float32)
                    .reshape(3, 3, 2, 2))
    with tf.GradientTape() as tape:
        tape.watch(f)
        y = tf.nn.relu(tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "SAME"))
        loss = tf.reduce_mean(y * y)
    return y, tape.gradient(loss, f)


y, g = block(tf.constant(np.random.randn(3, 6, 6, 2).astype(np.float32)))
print(y.shape, y[2, 5].numpy().tolist())
print(g.numpy().ravel().tolist())

for bad in (lambda: tf.nn.depthwise_conv2d(tf.ones([1, 4, 4, 3]),
                                           tf.ones([3, 3, 2, 1]),
                                           [1, 1, 1, 1], "SAME"),
            lambda: tf.nn.depthwise_conv2d(tf.ones([4, 4, 3]),
                                           tf.ones([3, 3, 3, 1]),
                                           [1, 1, 1, 1], "SAME")):
    try:
        bad()
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        print(type(e).__name__, str(e).splitlines()[0])
