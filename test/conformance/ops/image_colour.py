# tf.image's colour functions: RGB <-> HSV, and adjust_contrast,
# adjust_saturation and adjust_hue, bit for bit (a position-weighted
# checksum of the bits) on images of several sizes (contrast's
# per-channel mean folds the pixels in halves), eagerly and in functions,
# on special values, and other dtypes.
import numpy as np
import tensorflow as tf


def bits(t):
    size = t.dtype.size
    v = tf.bitcast(t, {2: tf.int16, 4: tf.int32, 8: tf.int64}[size])
    v = tf.cast(tf.reshape(v, [-1]), tf.int64)
    w = tf.range(1, tf.size(v, tf.int64) + 1)
    return int(tf.reduce_sum(v * w))


def show(name, t):
    print(name, t.dtype.name, t.shape, bits(t))


shapes = [[5, 7, 3], [2, 16, 16, 3], [1, 33, 17, 3], [64, 64, 3], [1, 1, 3],
          [2, 2, 3, 3, 3]]
for i, s in enumerate(shapes):
    x = tf.random.stateless_uniform(s, seed=[i, 7])
    show("contrast", tf.image.adjust_contrast(x, 1.7))
    show("contrast-", tf.image.adjust_contrast(x * 3 - 1, -0.6))
    show("saturation", tf.image.adjust_saturation(x, 1.7))
    show("saturation0", tf.image.adjust_saturation(x, 0.0))
    show("hue", tf.image.adjust_hue(x, 0.3))
    show("hue-", tf.image.adjust_hue(x, -1.0))
    show("hsv", tf.image.rgb_to_hsv(x))
    show("rgb", tf.image.hsv_to_rgb(x))
    show("roundtrip", tf.image.hsv_to_rgb(tf.image.rgb_to_hsv(x)))

# Greys, ties between channels, negatives, values above 1, infinities.
special = tf.constant([[[0.5, 0.5, 0.5], [0.0, 0.0, 0.0], [1.0, 1.0, 0.0],
                        [0.2, 0.9, 0.9], [0.7, 0.1, 0.7], [-0.3, 0.2, 0.5],
                        [2.0, -1.0, 0.5], [1e-30, 2e-30, 0.0],
                        [np.inf, 0.5, 0.0], [0.3, 0.3, 0.9]]])
print(tf.image.adjust_saturation(special, 2.0).numpy().tolist())
print(tf.image.adjust_hue(special, 0.5).numpy().tolist())
print(tf.image.rgb_to_hsv(special).numpy().tolist())
print(tf.image.hsv_to_rgb(special).numpy().tolist())
print(tf.image.adjust_contrast(special, 2.0).numpy().tolist())
print(tf.image.hsv_to_rgb(tf.constant([[1.0, 1.0, 1.0], [-0.5, 0.5, 1.0],
                                       [0.99999994, 0.5, 0.5]])).numpy().tolist())


@tf.function
def adjust(x, factor):
    return (tf.image.adjust_contrast(x, factor),
            tf.image.adjust_saturation(x, factor),
            tf.image.adjust_hue(x, factor / 4),
            tf.image.rgb_to_hsv(x), tf.image.hsv_to_rgb(x))


x = tf.random.stateless_uniform([3, 9, 11, 3], seed=[3, 4])
for t in adjust(x, 2.5):
    show("traced", t)
for t in adjust(x, tf.constant(-1.5)):
    show("traced tensor factor", t)


four = tf.TensorSpec([None, None, None, None])


@tf.function(input_signature=[four])
def any_size(x):
    return (tf.image.adjust_contrast(x, 0.5),
            tf.image.adjust_saturation(x, 0.5),
            tf.image.adjust_hue(x, 0.75),
            tf.image.rgb_to_hsv(x))


for t in any_size(x):
    show("run-time sizes", t)
for t in any_size(tf.zeros([0, 2, 2, 3])):
    print("empty", t.shape)
# Channels known only at run time are checked there.
for fn in [lambda x: tf.image.adjust_saturation(x, 0.5),
           lambda x: tf.image.adjust_hue(x, 0.5),
           lambda x: tf.image.rgb_to_hsv(x),
           lambda x: tf.image.hsv_to_rgb(x)]:
    try:
        tf.function(fn, input_signature=[four])(tf.ones([1, 2, 2, 4]))
    except (tf.errors.InvalidArgumentError,
            tf.errors.FailedPreconditionError) as e:
        print(type(e).__name__, str(e).splitlines()[-2].split("}} ")[1])

# Other dtypes: integer images convert to float32 and back, float64 and
# bfloat16 through float32; RGBToHSV computes in its dtype.
u8 = tf.cast(x * 255, tf.uint8)
print(tf.image.adjust_contrast(u8[0, :2, :3], 1.5))
print(tf.image.adjust_saturation(u8[0, :2, :3], 1.5))
print(tf.image.adjust_hue(tf.cast(u8, tf.int32)[0, :2, :3], -0.4))
show("contrast f64", tf.image.adjust_contrast(tf.cast(x, tf.float64), 1.5))
show("saturation bf16",
     tf.image.adjust_saturation(tf.cast(x, tf.bfloat16), 1.5))
for d in [tf.float16, tf.bfloat16, tf.float64]:
    show("hsv " + d.name, tf.image.rgb_to_hsv(tf.cast(x, d)))
    show("rgb " + d.name, tf.image.hsv_to_rgb(tf.cast(x, d)))
