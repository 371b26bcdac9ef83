# A 2-D float32 MatMul with a long inner dimension: TensorFlow cuts k into
# pieces (Eigen's shards and cache blocks, then oneDNN's 384-term blocks),
# sums each piece as a chain of fused multiply-adds and adds the sums. The
# cuts depend on the sizes (and on the host's threads and caches); these
# shapes take each of Eigen's three paths. With a None batch the cuts are
# chosen when the function runs.
import numpy as np
import tensorflow as tf

np.random.seed(0)

shapes = [(64, 385, 64), (2, 1000, 64), (24, 1000, 64), (64, 401, 64),
          (64, 1000, 64), (256, 1000, 256), (100, 784, 128), (32, 784, 10),
          (8, 3000, 8), (4, 384, 4)]
for m, k, n in shapes:
    a = np.random.rand(m, k).astype(np.float32)
    b = np.random.randn(k, n).astype(np.float32)
    r = tf.matmul(a, b)
    print((m, k, n), r[0, :6].numpy().tolist(), r[m - 1, n - 1].numpy())

a = np.random.rand(64, 1000).astype(np.float32)
b = np.random.rand(64, 1000).astype(np.float32)
print(tf.matmul(a, b, transpose_b=True)[3, :6].numpy().tolist())

w = tf.constant(np.random.randn(784, 128).astype(np.float32))


@tf.function(input_signature=[tf.TensorSpec([None, 784], tf.float32)])
def dense(x):
    return tf.matmul(x, w)


for rows in (1, 8, 20, 64):
    x = np.random.rand(rows, 784).astype(np.float32)
    r = dense(tf.constant(x))
    print(rows, r[rows - 1, :6].numpy().tolist())
    print(tf.reduce_all(tf.equal(r, tf.matmul(x, w))).numpy())

# Batched products whose matrices take TensorFlow's parallel kernel run the
# same contraction per matrix, with the same pieces.
for B, m, k, n in [(1, 2, 1024, 2), (2, 8, 448, 8), (4, 64, 512, 64),
                   (3, 128, 1000, 130)]:
    a = np.random.randn(B, m, k).astype(np.float32)
    b = np.random.randn(B, k, n).astype(np.float32)
    print((B, m, k, n), tf.matmul(a, b).numpy().ravel()[-4:].tolist(),
          tf.matmul(a, b[0]).numpy().ravel()[:4].tolist())


@tf.function(input_signature=[tf.TensorSpec([None, 16, 512], tf.float32)])
def project(x):
    return tf.matmul(x, w[:512, :64])


print(project(tf.constant(np.random.randn(3, 16, 512).astype(np.float32)))
      [2, 15, :4].numpy().tolist())
