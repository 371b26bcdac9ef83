# float32 and float64 products multiply in Eigen's packet order (four
# packet accumulators, lanes combined pairwise; outer reductions in rows
# mod 4), with no tree however long the row.
import tensorflow as tf
for n in [5, 8, 31, 33, 100, 1000, 9000, 20000]:
    x = tf.random.stateless_uniform([2, n], seed=[n, 1], minval=0.999, maxval=1.001)
    print(n, tf.reduce_prod(x, axis=1).numpy().tolist(), tf.reduce_prod(x).numpy().tolist())
    d = tf.cast(x, tf.float64)
    print(n, tf.reduce_prod(d, axis=1).numpy().tolist())
for r in [3, 16, 40]:
    x = tf.random.stateless_uniform([r, 12], seed=[r, 2], minval=0.9, maxval=1.1)
    print(r, tf.reduce_prod(x, axis=0).numpy().tolist())
