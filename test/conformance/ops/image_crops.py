# tf.image's crops and pads: crop_to_bounding_box, pad_to_bounding_box,
# resize_with_crop_or_pad, central_crop, and total_variation, with their
# checks.
import tensorflow as tf


def attempt(f):
    try:
        print(f())
    except (ValueError, AttributeError) as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1].strip())


img = tf.reshape(tf.range(5 * 6 * 2), [5, 6, 2])
batch = tf.reshape(tf.range(2 * 4 * 4 * 1, dtype=tf.float32), [2, 4, 4, 1])
print(tf.image.crop_to_bounding_box(img, 1, 2, 3, 3))
print(tf.image.crop_to_bounding_box(batch, 0, 1, 2, 3).shape)
print(tf.image.pad_to_bounding_box(img, 1, 0, 7, 8)[:, :, 0])
print(tf.image.pad_to_bounding_box(batch, 2, 2, 6, 6).shape)
for h, w in [(3, 3), (7, 9), (5, 6), (2, 10), (8, 1)]:
    print(h, w, tf.image.resize_with_crop_or_pad(img, h, w)[:, :, 1].numpy().tolist())
print(tf.image.resize_with_crop_or_pad(batch, 3, 5).shape)
for fraction in [0.5, 0.33, 1.0, 0.9]:
    print(fraction, tf.image.central_crop(img, fraction)[:, :, 0].numpy().tolist())
print(tf.image.central_crop(batch, 0.5).shape)
print(tf.image.total_variation(tf.cast(img, tf.float32)))
print(tf.image.total_variation(batch))
attempt(lambda: tf.image.crop_to_bounding_box(img, -1, 0, 2, 2))
attempt(lambda: tf.image.crop_to_bounding_box(img, 0, -1, 2, 2))
attempt(lambda: tf.image.crop_to_bounding_box(img, 0, 0, 0, 2))
attempt(lambda: tf.image.crop_to_bounding_box(img, 0, 0, 2, 0))
attempt(lambda: tf.image.crop_to_bounding_box(img, 0, 5, 2, 2))
attempt(lambda: tf.image.crop_to_bounding_box(img, 4, 0, 2, 2))
attempt(lambda: tf.image.crop_to_bounding_box(tf.zeros([2, 2]), 0, 0, 1, 1))
attempt(lambda: tf.image.pad_to_bounding_box(img, -1, 0, 9, 9))
attempt(lambda: tf.image.pad_to_bounding_box(img, 0, 4, 9, 9))
attempt(lambda: tf.image.pad_to_bounding_box(img, 5, 0, 9, 9))
attempt(lambda: tf.image.pad_to_bounding_box(tf.zeros([0, 2, 2]), 0, 0, 9, 9))
attempt(lambda: tf.image.resize_with_crop_or_pad(img, 0, 3))
attempt(lambda: tf.image.central_crop(img, 0.0))
attempt(lambda: tf.image.central_crop(img, 1.5))
attempt(lambda: tf.image.central_crop(tf.zeros([2, 2]), 0.5))
attempt(lambda: tf.image.total_variation(tf.zeros([2, 2])))
attempt(lambda: tf.image.total_variation([[[1.0]]]))


@tf.function
def crops(x):
    a = tf.image.resize_with_crop_or_pad(x, 4, 4)
    b = tf.image.central_crop(x, 0.5)
    print(a.shape, b.shape)
    return a, b, tf.image.total_variation(x)


print(crops(tf.cast(img, tf.float32)))
print(crops.get_concrete_function(tf.TensorSpec([None, 5, 6, 2])).structured_outputs)
