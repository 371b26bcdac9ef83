# Large float32 products on a processor without AVX-512: Eigen's blocks of
# hundreds of rows and columns go to oneDNN's copy-based kernel, which sums
# each element's block in one chain of fused multiply-adds (the smaller
# blocks keep the nocopy kernel's tile orders). Each line is a digest of
# every bit of a product, plain and with both operands transposed; the
# goldens differ between processors with and without AVX-512.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(4)


def digest(r):
    bits = tf.reshape(tf.bitcast(r, tf.int32), [-1]).numpy()
    bits = bits.astype(np.int64) % 2**32
    weights = np.arange(1, bits.size + 1, dtype=np.int64)
    return int((bits * weights).sum() % (2**61 - 1))


for m, k, n in [(723, 50, 1091), (1500, 30, 700), (1000, 200, 1000)]:
    a = rng.randn(m, k).astype(np.float32)
    b = rng.randn(k, n).astype(np.float32)
    plain = tf.matmul(a, b)
    transposed = tf.matmul(a.T.copy(), b.T.copy(), transpose_a=True,
                           transpose_b=True)
    print(m, k, n, plain.numpy()[0, :1].tolist(), digest(plain),
          digest(transposed))
