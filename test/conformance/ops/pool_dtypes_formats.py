# Pooling and convolution dtypes and formats: max_pool2d on integers (int8,
# int32, int64, uint8), the CPU kernels' errors for NCHW and AvgPool on int32.
import tensorflow as tf
x = tf.ones([1, 2, 4, 4])
def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).strip().splitlines()[0], "|", str(e).strip().splitlines()[-1])
attempt(lambda: tf.nn.conv2d(x, tf.ones([2, 2, 2, 3]), 1, 'VALID', data_format='NCHW'))
attempt(lambda: tf.nn.max_pool2d(x, 2, 2, 'VALID', data_format='NCHW'))
attempt(lambda: tf.nn.avg_pool2d(x, 2, 2, 'VALID', data_format='NCHW'))
attempt(lambda: tf.nn.avg_pool2d(tf.ones([1, 4, 4, 1], tf.int32), 2, 2, 'VALID'))
attempt(lambda: tf.nn.max_pool2d(tf.ones([1, 4, 4, 1], tf.int32), 2, 2, 'VALID'))
h = tf.function(lambda x: tf.nn.avg_pool2d(x, 2, 2, 'VALID'))
attempt(lambda: h(tf.ones([1, 4, 4, 1], tf.int32)))
print(tf.nn.max_pool2d(tf.reshape(tf.range(32), [1, 4, 4, 2]), 2, 2, 'VALID'))
print(tf.nn.max_pool2d(tf.reshape(tf.cast(tf.range(16) * 17, tf.uint8), [1, 4, 4, 1]), 3, 1, 'SAME')[0, :, :, 0])
print(tf.nn.max_pool2d(-tf.reshape(tf.range(16, dtype=tf.int64), [1, 4, 4, 1]), 2, 2, 'SAME')[0, :, :, 0])
print(tf.function(lambda x: tf.nn.max_pool2d(x, 2, 1, 'SAME'))(tf.reshape(tf.cast(tf.range(9), tf.int8) - 4, [1, 3, 3, 1]))[0, :, :, 0])
