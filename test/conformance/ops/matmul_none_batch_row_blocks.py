# A float32 product `x @ w` whose rows (a None batch) are known only when
# the function runs. On a processor without AVX-512, oneDNN's AVX kernels
# sum each element in an order set by its place in Eigen's blocks of rows,
# and on the parallel path those blocks are about half the rows: kiln
# picks the block when the function runs. Each line is a digest of every
# bit of a product (and its first element); the goldens differ between
# processors with and without AVX-512.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(3)


def digest(r):
    bits = tf.reshape(tf.bitcast(r, tf.int32), [-1]).numpy()
    bits = bits.astype(np.int64) % 2**32
    weights = np.arange(1, bits.size + 1, dtype=np.int64)
    return int((bits * weights).sum() % (2**61 - 1))


for k, n in [(9, 32), (10, 32), (3, 64), (20, 7), (64, 10)]:
    w = rng.randn(k, n).astype(np.float32)

    @tf.function(input_signature=[tf.TensorSpec([None, k], tf.float32)])
    def dense(x):
        return tf.matmul(x, w)

    for rows in [2, 5, 17, 25, 48, 100, 777, 870, 914, 1500, 3000, 7000]:
        y = dense(rng.randn(rows, k).astype(np.float32))
        print(k, n, rows, y.numpy()[0, :1].tolist(), digest(y))
