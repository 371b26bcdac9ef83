# tf.histogram_fixed_width_bins: floor(nbins * (v - lo) / (hi - lo)) clipped to
# the bins, always int32 (the dtype argument is ignored, as in TensorFlow), and
# the range converted on its own (float32 here against float64 values).
import tensorflow as tf

v = tf.constant([[-1.0, 0.0, 1.5], [2.0, 5.0, 4.99]])
print(tf.histogram_fixed_width_bins(v, [0.0, 5.0], nbins=5))
print(tf.histogram_fixed_width_bins(v, [0.0, 5.0], nbins=3, dtype=tf.int64))


@tf.function
def f(x, n):
    return tf.histogram_fixed_width_bins(x, tf.constant([0.0, 1.0]), nbins=n)


print(f(tf.constant([0.1, 0.5, 0.99, 1.0, 7.0]), 4))
print(f(tf.constant([0.25, 0.75]), tf.constant(2)))
print(tf.histogram_fixed_width_bins(tf.constant([0.5, 1.5], tf.float64), [0.0, 2.0], 4))
