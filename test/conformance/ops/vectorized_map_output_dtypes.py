# tf.vectorized_map takes its results' structure and dtypes from fn, not
# from the elements as map_fn without a signature does.
import tensorflow as tf
print(tf.vectorized_map(lambda e: tf.cast(e, tf.float32) * 0.5, tf.constant([0, 2, 3])))
print(tf.vectorized_map(lambda e: e > 1, tf.constant([0, 2, 3])))
print(tf.vectorized_map(lambda p: p[0] + p[1], (tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]))))
print(tf.vectorized_map(lambda e: (e, tf.cast(e, tf.int64) * 2), tf.constant([1, 2])))
@tf.function
def f(x):
    return tf.vectorized_map(lambda e: tf.reduce_sum(tf.cast(e, tf.float32)), x)
print(f(tf.constant([[1, 2], [3, 4]])))
