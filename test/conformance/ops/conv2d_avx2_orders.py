# A float32 Conv2D on a processor without AVX-512: TensorFlow contracts the
# image patches [positions, taps] with the filters [taps, channels] in
# oneDNN's AVX kernels, whose orders depend on each element's place in a
# register tile, and Eigen may shard the window when computing the patches
# costs enough. Each line is a digest of every bit of a convolution (and
# its first element): strides, SAME and VALID, dilations, 1x1 and
# whole-image filters (plain MatMuls), a sharded window, and batches known
# only when the function runs. The goldens differ between processors with
# and without AVX-512.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(11)


def digest(r):
    bits = tf.reshape(tf.bitcast(r, tf.int32), [-1]).numpy()
    bits = bits.astype(np.int64) % 2**32
    weights = np.arange(1, bits.size + 1, dtype=np.int64)
    return int((bits * weights).sum() % (2**61 - 1))


def show(name, y):
    first = y.numpy().ravel()[:1].tolist()
    print(name, y.shape, first, digest(y))


cases = [((1, 5, 5, 3), (3, 3, 3, 4), 1, "VALID", 1),
         ((2, 8, 8, 16), (3, 3, 16, 8), 1, "SAME", 1),
         ((2, 9, 9, 5), (3, 3, 5, 20), 2, "SAME", 1),
         ((1, 12, 12, 7), (5, 5, 7, 6), 1, "SAME", 1),  # window sharded
         ((2, 10, 10, 128), (3, 3, 128, 64), 2, "SAME", 1),
         ((4, 9, 9, 96), (3, 3, 96, 48), 2, "VALID", 1),
         ((2, 11, 13, 3), (3, 3, 3, 9), 1, "SAME", 2),  # dilated
         ((1, 10, 9, 7), (3, 3, 7, 17), 1, "VALID", 2),
         ((3, 7, 7, 234), (1, 1, 234, 24), 1, "VALID", 1),  # 1x1: a MatMul
         ((3, 2, 2, 265), (1, 1, 265, 46), 1, "SAME", 1),
         ((2, 6, 6, 10), (6, 6, 10, 12), 1, "VALID", 1),  # whole image
         ((2, 8, 8, 6), (1, 1, 6, 5), 1, "SAME", 2)]
for shape, kshape, stride, padding, dilation in cases:
    x = rng.randn(*shape).astype(np.float32)
    k = rng.randn(*kshape).astype(np.float32)
    y = tf.nn.conv2d(x, k, stride, padding, dilations=dilation)
    show(f"{shape} {kshape} {stride} {padding} {dilation}", y)

k1 = rng.randn(3, 3, 1, 32).astype(np.float32)
k2 = rng.randn(3, 3, 32, 64).astype(np.float32)
k3 = rng.randn(5, 5, 3, 12).astype(np.float32)


# The layers of a small CNN with a batch known only at run time: the row
# blocks of the first (9 taps) follow the batch.
@tf.function(input_signature=[tf.TensorSpec([None, 28, 28, 1], tf.float32)])
def cnn(x):
    h = tf.nn.relu(tf.nn.conv2d(x, k1, 1, "SAME"))
    h = tf.nn.max_pool2d(h, 2, 2, "VALID")
    return tf.nn.conv2d(h, k2, 1, "SAME")


@tf.function(input_signature=[tf.TensorSpec([None, None, None, 3],
                                            tf.float32)])
def any_size(x):
    return tf.nn.conv2d(x, k3, 2, "SAME")


for batch in [0, 1, 2, 3, 8, 17]:
    show(f"cnn {batch}", cnn(rng.randn(batch, 28, 28, 1).astype(np.float32)))
for shape in [(1, 1, 1, 3), (2, 5, 7, 3), (4, 16, 12, 3), (0, 4, 4, 3)]:
    show(f"any {shape}", any_size(rng.randn(*shape).astype(np.float32)))
