# tf.image's YUV and YIQ conversions: a tensordot of the images with
# TensorFlow's matrices, bit for bit (a position-weighted checksum of the
# float32 bits), eagerly and in a function.
import tensorflow as tf


def bits(t):
    v = tf.cast(tf.reshape(tf.bitcast(t, tf.int32), [-1]), tf.int64)
    w = tf.range(1, tf.size(v, tf.int64) + 1)
    return int(tf.reduce_sum(v * w))


shapes = [[5, 7, 3], [2, 16, 16, 3], [64, 64, 3], [1, 1, 3], [2, 2, 3, 3, 3]]
for i, s in enumerate(shapes):
    x = tf.random.stateless_uniform(s, seed=[i, 7])
    for f in [tf.image.rgb_to_yuv, tf.image.yuv_to_rgb, tf.image.rgb_to_yiq,
              tf.image.yiq_to_rgb]:
        print(f.__name__, s, bits(f(x)))


@tf.function
def round_trip(x):
    return tf.image.yuv_to_rgb(tf.image.rgb_to_yuv(x)), tf.image.yiq_to_rgb(
        tf.image.rgb_to_yiq(x))


for t in round_trip(tf.random.stateless_uniform([3, 5, 3], seed=[1, 1])):
    print(t)
print(tf.image.rgb_to_yuv([1.0, 2.0, 3.0]))
print(tf.image.yuv_to_rgb(tf.constant([[0.5, 0.1, -0.1]], tf.float64)))
