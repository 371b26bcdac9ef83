# The errors of tf.image's colour functions: TensorFlow's Python checks,
# the shape functions' errors while tracing, the kernels' eagerly, and
# float16 images, which the adjust kernels take on no CPU.
import tensorflow as tf


def attempt(label, fn, *args):
    try:
        fn(*args)
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, str(e))


def traced(label, fn, spec):
    try:
        tf.function(fn).get_concrete_function(spec)
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[-1])


def contrast(x):
    return tf.image.adjust_contrast(x, 1.5)


def contrast_vector(x):
    return tf.image.adjust_contrast(x, [1.5, 2.0])


def saturation(x):
    return tf.image.adjust_saturation(x, 1.5)


def hue(x):
    return tf.image.adjust_hue(x, 0.5)


def hsv(x):
    return tf.image.rgb_to_hsv(x)


def rgb(x):
    return tf.image.hsv_to_rgb(x)


def yuv(x):
    return tf.image.rgb_to_yuv(x)


attempt("contrast 2-D", contrast, tf.ones([3, 3]))
attempt("contrast vector", contrast_vector, tf.ones([2, 2, 3]))
attempt("contrast float64 factor", tf.image.adjust_contrast, tf.ones([2, 2, 3]),
        tf.constant(0.5, tf.float64))
attempt("saturation 4 channels", saturation, tf.ones([2, 2, 4]))
attempt("saturation 2-D", saturation, tf.ones([2, 3]))
attempt("saturation vector", tf.image.adjust_saturation, tf.ones([2, 2, 3]),
        tf.constant([0.5]))
attempt("hue 4 channels", hue, tf.ones([2, 2, 4]))
attempt("hue delta", tf.image.adjust_hue, tf.ones([2, 2, 3]), 1.5)
attempt("hue tensor delta", tf.image.adjust_hue, tf.ones([2, 2, 3]),
        tf.constant(-1.5))
attempt("hue vector", tf.image.adjust_hue, tf.ones([2, 2, 3]),
        tf.constant([0.5]))
attempt("hsv 4 channels", hsv, tf.ones([2, 2, 4]))
attempt("hsv scalar", hsv, tf.ones([]))
attempt("hsv int", hsv, tf.ones([3], tf.int32))
attempt("rgb 2 channels", rgb, tf.ones([2]))
attempt("hsv list", hsv, [1.0, 2.0])
attempt("hsv int list", hsv, [1, 2, 3])
attempt("yuv 4", yuv, tf.ones([4]))
for fn in [contrast, saturation, hue]:
    attempt(fn.__name__ + " float16", fn, tf.ones([2, 2, 3], tf.float16))
    try:
        tf.function(fn)(tf.ones([2, 2, 3], tf.float16))
    except tf.errors.InvalidArgumentError as e:
        # kiln fails as it compiles the function (TensorFlow as it runs it).
        print(fn.__name__, "traced float16", type(e).__name__)

traced("contrast 2-D", contrast, tf.TensorSpec([2, 3]))
traced("contrast vector", contrast_vector, tf.TensorSpec([2, 2, 3]))
traced("saturation 2-D", saturation, tf.TensorSpec([2, 3]))
traced("hue 2-D", hue, tf.TensorSpec([2, 3]))
traced("hsv scalar", hsv, tf.TensorSpec([]))
traced("hsv 4 channels", hsv, tf.TensorSpec([2, 4]))
traced("rgb 4 channels", rgb, tf.TensorSpec([2, 4]))
traced("yuv 4 channels", yuv, tf.TensorSpec([2, 4]))
traced("hsv int", hsv, tf.TensorSpec([2, 3], tf.int32))
