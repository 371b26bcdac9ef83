# The gradients of a float32 Conv2D on a processor without AVX-512, bit for
# bit: Conv2DBackpropInput multiplies out_backprop by the filters per image
# (Eigen's contraction for one image or much work, else one sgemm call per
# image, whose transposed operand gives oneDNN blocks of 96 rows) and adds
# the columns into the image; Conv2DBackpropFilter multiplies the image
# patches by out_backprop in groups of images that fit 30 MiB, adding the
# groups in order. Each line is a digest of every bit of the two gradients;
# the goldens differ between processors with and without AVX-512.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(21)


def digest(r):
    bits = tf.reshape(tf.bitcast(r, tf.int32), [-1]).numpy()
    bits = bits.astype(np.int64) % 2**32
    weights = np.arange(1, bits.size + 1, dtype=np.int64)
    return int((bits * weights).sum() % (2**61 - 1))


def out_size(size, window, stride, padding):
    if padding == "SAME":
        return -(-size // stride)
    return (size - window) // stride + 1


cases = [((2, 11, 7, 36), (2, 3, 36, 35), 1, "SAME"),
         ((4, 12, 9, 37), (5, 4, 37, 39), 1, "VALID"),
         ((3, 3, 8, 6), (3, 4, 6, 17), 1, "SAME"),
         ((2, 3, 7, 35), (2, 4, 35, 33), 2, "SAME"),
         ((3, 13, 12, 18), (2, 2, 18, 4), 2, "VALID"),
         ((1, 6, 13, 36), (4, 5, 36, 30), 1, "SAME"),
         ((4, 32, 32, 3), (3, 3, 3, 16), 1, "SAME"),  # k sharded
         ((2, 4, 4, 250), (5, 5, 250, 4), 1, "SAME"),  # 6250 taps halved
         ((8, 14, 14, 4), (3, 3, 4, 8), 1, "SAME"),
         ((3, 96, 96, 24), (5, 5, 24, 4), 1, "SAME"),  # two image groups
         ((8, 16, 16, 40), (3, 3, 40, 40), 1, "SAME")]
for shape, kshape, stride, padding in cases:
    x = tf.constant(rng.randn(*shape).astype(np.float32))
    k = tf.constant(rng.randn(*kshape).astype(np.float32))
    dy = tf.constant(rng.randn(
        shape[0], out_size(shape[1], kshape[0], stride, padding),
        out_size(shape[2], kshape[1], stride, padding),
        kshape[3]).astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch([x, k])
        loss = tf.reduce_sum(tf.nn.conv2d(x, k, stride, padding) * dy)
    gx, gk = tape.gradient(loss, [x, k])
    print(shape, kshape, stride, padding, digest(gx), digest(gk))

k2 = tf.constant(rng.randn(3, 3, 8, 16).astype(np.float32))


# The input's gradient with a batch known only at run time: one image
# takes Eigen's contraction, several one sgemm call each.
@tf.function(input_signature=[tf.TensorSpec([None, 12, 12, 8], tf.float32)])
def input_gradient(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.conv2d(x, k2, 1, "SAME")
        loss = tf.reduce_sum(y * y)
    return tape.gradient(loss, x)


for batch in [1, 2, 5]:
    x = tf.constant(rng.randn(batch, 12, 12, 8).astype(np.float32))
    print("None batch", batch, digest(input_gradient(x)))
