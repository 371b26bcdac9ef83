# Conv2D (and conv1d, built on it), MaxPool and AvgPool on images whose
# height and width are known only at run time: SAME padding for strides
# above 1 is worked out when the function runs, as TensorFlow's kernels
# work it out; AvgPool counts the inputs inside the image at the edges.
import tensorflow as tf

w1 = tf.reshape(tf.range(3 * 3 * 4, dtype=tf.float32), [3, 3, 4]) / 10.0
w2 = tf.reshape(tf.range(2 * 3 * 3 * 2, dtype=tf.float32), [2, 3, 3, 2]) / 7.0


@tf.function(input_signature=[tf.TensorSpec([None, None, 3])])
def sequence(x):
    return (tf.nn.conv1d(x, w1, stride=1, padding="SAME"),
            tf.nn.conv1d(x, w1, stride=2, padding="SAME"),
            tf.nn.conv1d(x, w1, stride=2, padding="VALID"),
            tf.nn.conv1d(x, w1, stride=1, padding="VALID", dilations=2))


@tf.function(input_signature=[tf.TensorSpec([None, None, None, 3])])
def image(x):
    return (tf.nn.conv2d(x, w2, strides=1, padding="SAME"),
            tf.nn.conv2d(x, w2, strides=[1, 2, 3, 1], padding="SAME"),
            tf.nn.conv2d(x, w2, strides=2, padding="VALID"),
            tf.nn.max_pool2d(x, 2, 2, "SAME"),
            tf.nn.max_pool2d(x, 3, 2, "VALID"),
            tf.nn.avg_pool2d(x, 3, 2, "SAME"),
            tf.nn.avg_pool2d(x, 2, 1, "SAME"))


for length in [7, 8, 5, 2, 1]:
    x = tf.reshape(tf.range(2 * length * 3, dtype=tf.float32), [2, length, 3])
    try:
        for y in sequence(x / 5.0):
            print(y.shape, y.numpy().ravel().tolist())
    except tf.errors.InvalidArgumentError as e:
        # A window larger than the input (VALID, dilated): the kernel's
        # error, the line that names it.
        lines = [l for l in str(e).split("\n") if "Computed" in l or "node" in l]
        print(type(e).__name__, lines[0], lines[-1].split(" [Op:")[0])

for h, w in [(4, 5), (5, 7), (1, 1)]:
    x = tf.reshape(tf.range(h * w * 3, dtype=tf.float32), [1, h, w, 3])
    for y in image(x / 3.0):
        print(y.shape, y.numpy().ravel().tolist())

# One output position (one image, one window): each channel a dot product
# of rounded products, as TensorFlow's contraction computes it.
x = tf.reshape(tf.range(3, dtype=tf.float32), [1, 1, 1, 3]) / 3.0
print(tf.nn.conv2d(x, w2, strides=1, padding="SAME").numpy().tolist())
big = tf.reshape(tf.range(5 * 5 * 6, dtype=tf.float32), [1, 5, 5, 6]) / 9.0
w3 = tf.reshape(tf.range(5 * 5 * 6 * 3, dtype=tf.float32), [5, 5, 6, 3]) / 11.0
print(tf.nn.conv2d(big, w3, strides=1, padding="VALID").numpy().tolist())
