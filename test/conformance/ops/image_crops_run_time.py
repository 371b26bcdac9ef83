# tf.image's crops and pads inside a function whose image sizes are known
# only at run time (an augmentation with an input_signature), and with
# offsets and sizes that are tensors: TensorFlow's Python arithmetic on
# tensors, and its Assert ops when the checks fail when it runs.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, None, 3])])
def augment(img):
    a = tf.image.resize_with_crop_or_pad(img, 4, 5)
    b = tf.image.crop_to_bounding_box(img, 1, 0, 2, 2)
    c = tf.image.pad_to_bounding_box(img, 1, 2, 7, 8)
    print(a.shape, b.shape, c.shape)
    return a, b, c


for h, w in [(3, 3), (4, 5), (3, 6), (6, 7)]:
    img = tf.reshape(tf.range(h * w * 3, dtype=tf.float32), [h, w, 3])
    try:
        a, b, c = augment(img)
        print(a[:, :, 0].numpy().tolist(), b[:, :, 1].numpy().tolist(), c.shape)
    except tf.errors.InvalidArgumentError as e:
        print(e.message.splitlines()[-2], "|", e.message.splitlines()[-1].split(" [Op:")[0])


@tf.function(input_signature=[tf.TensorSpec([None, None, None, 1]), tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.int32)])
def box(x, top, size):
    print(tf.image.crop_to_bounding_box(x, top, top, size, size).shape)
    return tf.image.crop_to_bounding_box(x, top, top, size, size), tf.image.pad_to_bounding_box(x, top, top, size + 4, size + 4)


print(box(tf.reshape(tf.range(16.0), [1, 4, 4, 1]), tf.constant(1), tf.constant(2)))
