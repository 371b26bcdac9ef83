# A 2-D float32 MatMul with a long inner dimension: TensorFlow cuts k into
# pieces (Eigen's shards and cache blocks, then oneDNN's 384-term blocks),
# sums each piece as a chain of fused multiply-adds and adds the sums. The
# cuts depend on the sizes (and on the host's threads and caches); these
# shapes take each of Eigen's three paths.
import numpy as np
import tensorflow as tf

np.random.seed(0)


@tf.function
def product(a, b):
    return tf.matmul(a, b)


@tf.function
def product_bt(a, b):
    return tf.matmul(a, b, transpose_b=True)


shapes = [(64, 385, 64), (2, 1000, 64), (24, 1000, 64), (64, 401, 64),
          (64, 1000, 64), (256, 1000, 256), (100, 784, 128), (32, 784, 10),
          (8, 3000, 8), (4, 384, 4)]
for m, k, n in shapes:
    a = np.random.rand(m, k).astype(np.float32)
    b = np.random.randn(k, n).astype(np.float32)
    r = product(tf.constant(a), tf.constant(b))
    print((m, k, n), r[0, :6].numpy().tolist(), r[m - 1, n - 1].numpy())
    e = tf.matmul(a, b)
    print(tf.reduce_all(tf.equal(r, e)).numpy())

a = np.random.rand(64, 1000).astype(np.float32)
b = np.random.rand(64, 1000).astype(np.float32)
print(product_bt(tf.constant(a), tf.constant(b))[3, :6].numpy().tolist())
