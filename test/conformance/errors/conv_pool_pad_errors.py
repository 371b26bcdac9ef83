# Wrong arguments to tf.nn.conv2d, the pools, tf.nn.bias_add and tf.pad:
# TensorFlow's exceptions, eagerly and while tracing.
import tensorflow as tf

x = tf.ones([1, 4, 4, 2])
k = tf.ones([3, 3, 2, 1])


def show(thunk):
    try:
        print(thunk().shape)
    except Exception as e:
        lines = [line for line in str(e).splitlines() if line.strip()]
        # A traced error's message is its last line.
        print(type(e).__name__ + ":", lines[-1].strip())


show(lambda: tf.nn.conv2d(x, tf.ones([5, 5, 2, 1]), 1, "VALID"))
show(lambda: tf.nn.conv2d(x, tf.ones([3, 3, 3, 1]), 1, "VALID"))
show(lambda: tf.nn.conv2d(tf.ones([4, 4, 2]), k, 1, "VALID"))
show(lambda: tf.nn.conv2d(x, tf.ones([3, 3, 2, 1], tf.float64), 1, "VALID"))
show(lambda: tf.nn.conv2d(x, k, 1, "valid"))
show(lambda: tf.nn.conv2d(x, k, [1, 2, 2], "VALID"))
show(lambda: tf.nn.bias_add(x, [1.0]))
show(lambda: tf.nn.bias_add(x, [[1.0, 2.0]]))
show(lambda: tf.nn.bias_add(tf.ones([2]), [1.0, 2.0]))
show(lambda: tf.pad(tf.ones([2, 2]), [[1, 1]]))
show(lambda: tf.pad(tf.ones([2, 2]), [[1, 1], [-1, 0]]))
show(lambda: tf.pad(tf.ones([2, 2]), [[2, 1], [0, 0]], mode="REFLECT"))
show(lambda: tf.pad(tf.ones([2, 2]), [[3, 1], [0, 0]], mode="symmetric"))
show(lambda: tf.pad(tf.ones([2, 2]), [[1, 1], [0, 0]], mode="wrap"))


@tf.function
def conv(images, kernel):
    return tf.nn.conv2d(images, kernel, 1, "VALID")


show(lambda: conv(x, tf.ones([3, 3, 2, 1], tf.float64)))
show(lambda: conv(tf.ones([4, 4, 2]), k))


@tf.function
def biased(value, bias):
    return tf.nn.bias_add(value, bias)


show(lambda: biased(x, tf.ones([3])))
show(lambda: biased(x, tf.ones([1, 2])))


@tf.function
def padded(t):
    return tf.pad(t, [[1, 1]])


show(lambda: padded(tf.ones([2, 2])))
