# tf.nn.max_pool and avg_pool on 1-D and 2-D data (ksize and strides as
# ints or lists), max_pool1d, avg_pool1d and conv1d (as 2-D over a height
# of 1), their length errors, and a small 1-D net in a tf.function.
import tensorflow as tf

x = tf.reshape(tf.range(32, dtype=tf.float32) % 7.0, [1, 4, 4, 2])
print(tf.nn.max_pool(x, ksize=2, strides=2, padding="VALID"))
print(tf.nn.avg_pool(x, ksize=[2, 2], strides=[1, 1], padding="SAME"))
print(tf.nn.max_pool(x, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding="SAME"))
s = tf.reshape(tf.range(12, dtype=tf.float32) % 5.0, [2, 6, 1])
print(tf.nn.max_pool1d(s, 2, 2, "VALID"))
print(tf.nn.avg_pool1d(s, ksize=3, strides=1, padding="SAME"))
print(tf.nn.max_pool(s, 3, 2, "SAME"))
print(tf.nn.avg_pool(s, [2], [2], "VALID"))
try:
    tf.nn.max_pool(tf.ones([2, 3]), 2, 2, "VALID")
except ValueError as e:
    print("ValueError:", e)
try:
    tf.nn.max_pool(x, [2, 2, 2], 2, "VALID")
except ValueError as e:
    print("ValueError:", e)

filters = tf.reshape(tf.range(6, dtype=tf.float32) / 4.0, [3, 1, 2])
print(tf.nn.conv1d(s, filters, stride=1, padding="VALID"))
print(tf.nn.conv1d(s, filters, stride=2, padding="SAME"))


@tf.function
def net(s):
    h = tf.nn.relu(tf.nn.conv1d(s, filters, 1, "SAME"))
    return tf.nn.max_pool1d(h, 2, 2, "VALID")


print(net(s))
print(net(tf.ones([3, 6, 1])))
