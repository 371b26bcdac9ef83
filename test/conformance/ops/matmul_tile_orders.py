# A 2-D float32 MatMul on a processor without AVX-512: TensorFlow's oneDNN
# kernel sums each element in an order set by its place in a register tile
# of 16 columns by 6 rows (one fused multiply-add chain, fused even and odd
# sums, or rounded even and odd sums), in k pieces of 256, and blocks of a
# single row or column take kernels of their own. Each line is a digest of
# every bit of a product (and its first element), for shapes that take each
# order; the goldens differ between processors with and without AVX-512.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(7)


def digest(r):
    bits = tf.reshape(tf.bitcast(r, tf.int32), [-1]).numpy()
    bits = bits.astype(np.int64) % 2**32
    weights = np.arange(1, bits.size + 1, dtype=np.int64)
    return int((bits * weights).sum() % (2**61 - 1))


# The guide's small product, whose default print shows the last digits.
a = tf.constant([[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8]])
b = tf.constant([[0.9, 1.1], [1.2, 1.3], [1.4, 1.5], [1.6, 1.7]])
print(a @ b)

shapes = [(2, 8, 2), (2, 17, 2), (3, 5, 7), (4, 100, 4), (6, 5, 6),
          (8, 100, 8), (9, 33, 20), (16, 100, 16), (32, 32, 32), (2, 300, 2),
          (13, 257, 11), (73, 40, 20), (64, 64, 64), (67, 580, 49),
          (145, 46, 162), (49, 300, 49), (100, 784, 10), (64, 300, 48)]
for m, k, n in shapes:
    x = rng.randn(m, k).astype(np.float32)
    w = rng.randn(k, n).astype(np.float32)
    r = tf.matmul(x, w)
    print((m, k, n), digest(r), r[0, 0].numpy())
    # The transposes do not change any element's order.
    same = tf.matmul(x.T, w.T, transpose_a=True, transpose_b=True)
    print("  transposed alike:", bool(tf.reduce_all(tf.equal(
        tf.bitcast(r, tf.int32), tf.bitcast(same, tf.int32)))))


# Batched products that take TensorFlow's parallel kernel (one matrix, or
# more than 128 * 128 multiply-adds each) contract each matrix alike.
for batch, m, k, n in [(1, 3, 8, 4), (1, 7, 300, 9), (2, 30, 30, 30),
                       (3, 20, 70, 17)]:
    x = rng.randn(batch, m, k).astype(np.float32)
    w = rng.randn(batch, k, n).astype(np.float32)
    print((batch, m, k, n), digest(tf.matmul(x, w)))


# A None batch: the rows' kinds, and a last row in a block of its own, are
# worked out when the function runs; Eigen's blocks change with the count.
w784 = tf.constant(rng.randn(784, 128).astype(np.float32))


@tf.function(input_signature=[tf.TensorSpec([None, 784], tf.float32)])
def layer(x):
    return tf.matmul(x, w784)


for rows in (2, 3, 5, 8, 16, 17, 20, 25, 33, 47, 48, 49, 64, 73, 97, 100,
             145, 150, 193):
    x = rng.rand(rows, 784).astype(np.float32)
    r = layer(x)
    print("None batch", rows, digest(r), bool(tf.reduce_all(tf.equal(
        tf.bitcast(r, tf.int32), tf.bitcast(tf.matmul(x, w784), tf.int32)))))


@tf.function
def dense(x, w, bias):
    return tf.nn.relu(x @ w + bias)


x = rng.rand(5, 12).astype(np.float32)
w = rng.randn(12, 3).astype(np.float32)
print(dense(x, w, tf.zeros([3])))
