# Functions whose input sizes are known only at run time, called with
# empty or too short inputs: TensorFlow's errors (kiln's compiled code
# used to read out of bounds), and tf.reshape's rule for a zero size.
import tensorflow as tf

vector = tf.TensorSpec([None], tf.float32)
images = tf.TensorSpec([None, None, None, 1], tf.float32)


@tf.function(input_signature=[vector])
def first(x):
    return tf.slice(x, [0], [1])


@tf.function(input_signature=[vector])
def huge(x):
    return tf.slice(x, [1], [200000000])


@tf.function(input_signature=[images])
def resized(x):
    return tf.image.resize(x, [2, 2])


@tf.function(input_signature=[images])
def nearest(x):
    return tf.image.resize(x, [1, 1], method="nearest")


@tf.function(input_signature=[images])
def cropped(x):
    return tf.image.crop_to_bounding_box(x, 0, 0, 1, 1)


@tf.function(input_signature=[images])
def padded(x):
    return tf.image.resize_with_pad(x, 2, 2)


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def zero_rows(x):
    y = tf.reshape(x, [0, -1])
    return y, tf.reduce_sum(y, axis=0)


cases = [(first, tf.zeros([0])), (first, tf.constant([5.0])),
         (huge, tf.constant([1.0, 2.0])), (resized, tf.zeros([1, 0, 0, 1])),
         (nearest, tf.zeros([1, 1, 0, 1])), (nearest, tf.ones([1, 2, 2, 1])),
         (cropped, tf.zeros([1, 0, 0, 1])), (cropped, tf.ones([1, 2, 2, 1])),
         (padded, tf.zeros([1, 0, 0, 1])), (zero_rows, tf.zeros([0], tf.int32)),
         (zero_rows, tf.range(7))]
for fn, x in cases:
    try:
        print(fn(x))
    except tf.errors.InvalidArgumentError as e:
        # (Of an empty dimension the kernel says "Expected begin[0] == 0
        # (got 0) and size[0] == 0 (got 1) when input.dim_size(0) == 0";
        # kiln's run-time check says its general "Expected size[0] in
        # [0, 0], but got 1".)
        text = str(e).splitlines()[-2]
        print("InvalidArgumentError",
              "(empty)" if "dim_size(0) == 0" in text or
              "in [0, 0]" in text else text)

print(tf.reshape(tf.zeros([0]), [0, -1]).shape,
      tf.reshape(tf.zeros([0, 3]), [0, -1]).shape,
      tf.reshape(tf.zeros([2, 0]), [-1, 5, 0]).shape)
for x, shape in [(tf.range(7), [0, -1]), (tf.zeros([0]), [1, -1])]:
    try:
        print(tf.reshape(x, shape))
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError", e)
print(tf.slice(tf.zeros([0]), [0], [-1]))
try:
    tf.slice(tf.zeros([0]), [0], [1])
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", e)
