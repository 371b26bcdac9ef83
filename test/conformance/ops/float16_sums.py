# float16 sums and means follow Eigen's packet order (8 halves, each
# addition rounded to half), so they neither stall nor differ from
# TensorFlow's for runs up to 1024 elements.
import tensorflow as tf

for n in [7, 8, 33, 100, 1000]:
    x = tf.cast(tf.sin(tf.range(n, dtype=tf.float32) * 0.37) * 3 + 0.1,
                tf.float16)
    print(n, tf.reduce_sum(x).numpy(), tf.reduce_mean(x).numpy(),
          tf.reduce_sum(tf.fill([n], tf.constant(0.1, tf.float16))).numpy())
m = tf.cast(tf.reshape(tf.sin(tf.range(600, dtype=tf.float32)), [20, 30]),
            tf.float16)
print(tf.reduce_sum(m, axis=1))
print(tf.reduce_mean(m, axis=-1, keepdims=True)[:3])
print(tf.norm(tf.ones([1000], tf.float16)))
