# tf.image's checks of its arguments, eagerly and while tracing.
import tensorflow as tf


def attempt(f):
    try:
        print(f())
    except (ValueError, TypeError, AttributeError, tf.errors.InvalidArgumentError) as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1].strip())


attempt(lambda: tf.image.flip_left_right(tf.zeros([2, 2])))
attempt(lambda: tf.image.flip_up_down(tf.zeros([1, 2, 2, 1, 1])))
attempt(lambda: tf.image.rot90(tf.zeros([1, 2, 2, 1, 1])))
attempt(lambda: tf.image.transpose(tf.zeros([1, 2, 2, 1, 1])))
attempt(lambda: tf.image.transpose(tf.zeros([0, 2, 2])))
attempt(lambda: tf.image.rot90(tf.zeros([2, 2, 1]), [1]))
attempt(lambda: tf.image.rot90(tf.zeros([2, 2, 1]), 1.5))
attempt(lambda: tf.image.flip_left_right([[[1, 2]], [[3, 4]]]))
attempt(lambda: tf.image.convert_image_dtype(tf.constant([True]), tf.float32))
attempt(lambda: tf.image.convert_image_dtype(tf.constant([1.0]), tf.bool))
attempt(lambda: tf.image.convert_image_dtype(tf.constant([1.0]), tf.float32))
attempt(lambda: tf.image.adjust_gamma(tf.ones([1, 1, 1]), -1.0))
attempt(lambda: tf.image.grayscale_to_rgb(tf.zeros([2, 2, 3])))
attempt(lambda: tf.image.grayscale_to_rgb(tf.zeros([2])))
attempt(lambda: tf.image.per_image_standardization(tf.zeros([2, 2])))
attempt(lambda: tf.image.rgb_to_grayscale(tf.zeros([2, 2, 4])))


@tf.function
def f(x):
    return tf.image.flip_left_right(x)


attempt(lambda: f(tf.zeros([3, 3])))
print(f.get_concrete_function(tf.TensorSpec([None, None, 3])).structured_outputs)
print(f(tf.reshape(tf.range(6.0), [1, 2, 3])))
