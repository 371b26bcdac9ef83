# float16 and bfloat16 sums and means over rows of many lengths and layouts:
# float16 in Eigen's half packet order (lanes added as floats, leaves of
# 1600 elements), bfloat16 through float, as TensorFlow's CPU kernels.
import tensorflow as tf

for dt in [tf.float16, tf.bfloat16]:
    for n in [3, 5, 8, 17, 100, 1000, 1025, 1599, 1601, 3000, 20000]:
        for shape, axis in [((n,), None), ((4, n), 1), ((n, 3), 0), ((3, n, 2), 1)]:
            x = tf.cast(tf.random.stateless_normal(shape, seed=[n, len(shape)]) * 3, dt)
            s = tf.reduce_sum(x, axis=axis)
            m = tf.reduce_mean(x, axis=axis)
            print(dt.name, n, shape, axis, tf.reshape(s, [-1])[:3].numpy(),
                  tf.reshape(m, [-1])[:3].numpy())
print(tf.reduce_sum(tf.constant([2.064, -1.848, 2.977, -2.037, -1.368, 0.896, -2.357, -2.61], tf.float16)))
print(tf.reduce_sum(tf.constant([1.0, 0.002, 0.002, 0.002], tf.bfloat16)))
