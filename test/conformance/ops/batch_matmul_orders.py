# Batched float32 products in TensorFlow's summation orders: the parallel
# kernel (one matrix, or large ones), and the sequential kernel's Eigen
# products per matrix: small ones, matrix-vector ones, and the GEBP kernel
# whose order depends on where an element falls (16- and 4-wide column
# blocks, rows past a multiple of 4) and, past 400 terms of k, on Eigen's
# cache blocking for a 32 KiB L1 cache.
import tensorflow as tf

tf.random.set_seed(11)


def checksum(r):
    # Every element weighted by its position, summed in float64: a change
    # in the last bit of any element shows in the printed digits.
    n = tf.size(r)
    w = tf.cast(tf.reshape(tf.range(n), tf.shape(r)), tf.float64)
    return tf.reduce_sum(tf.cast(r, tf.float64) * w).numpy()


@tf.function(input_signature=[tf.TensorSpec([None, None, None])] * 2)
def run_time_sizes(a, b):
    return tf.matmul(a, b)


shapes = [
    (2, 3, 8, 4),     # small: dot products
    (1, 3, 8, 4),     # one matrix: the parallel kernel
    (2, 6, 16, 5),    # GEBP, 4-wide blocks and a last column
    (4, 7, 20, 9),
    (2, 16, 33, 17),  # a 16-wide block
    (3, 10, 40, 10),
    (2, 9, 9, 9),
    (2, 2, 40, 2),
    (2, 1, 30, 6),    # matrix-vector
    (3, 5, 25, 1),
    (2, 30, 30, 30),  # past 128 * 128 multiply-adds: the parallel kernel
    (2, 3, 500, 4),   # k split into chunks
]
for batch, m, k, n in shapes:
    for ta in (False, True):
        for tb in (False, True):
            a = tf.random.normal([batch, k, m] if ta else [batch, m, k])
            b = tf.random.normal([batch, n, k] if tb else [batch, k, n])
            r = tf.matmul(a, b, transpose_a=ta, transpose_b=tb)
            print(batch, m, k, n, ta, tb, checksum(r))
    a = tf.random.normal([batch, m, k])
    b = tf.random.normal([batch, k, n])
    print("run time", checksum(run_time_sizes(a, b)))

q = tf.reshape(tf.range(2 * 3 * 8, dtype=tf.float32), [2, 3, 8]) / 10.0
k = tf.reshape(tf.range(2 * 4 * 8, dtype=tf.float32), [2, 4, 8]) / 20.0
print(tf.matmul(q, k, transpose_b=True))
print(tf.matmul(q[:1], k[:1], transpose_b=True))
