# With a constant filter, grappler moves a scalar scale of the image into
# the filter (FoldMultiplyIntoConv: a division by 255 becomes the filter
# times fl(1/255)), and a scalar or per-output-channel scale of the result
# too (MulConvPushDown). Per-input-channel scales, shared products and
# variable filters stay as written.
import numpy as np
import tensorflow as tf

rs = np.random.RandomState(3)
img = tf.constant(rs.rand(2, 6, 6, 2).astype(np.float32))
k = rs.rand(3, 3, 2, 3).astype(np.float32)
kc = tf.constant(rs.rand(3).astype(np.float32) + 0.5)
kv = tf.Variable(k)


def bits(t):
  return int(tf.reduce_sum(tf.cast(tf.bitcast(t, tf.int32), tf.int64)))


@tf.function
def scaled_images(img):
  K = tf.constant(k)
  return [
      tf.nn.conv2d(img / 255.0, K, 1, "VALID"),
      tf.nn.conv2d(img * 3.0, K, 1, "SAME"),
      tf.nn.conv2d(3.0 * img, K, 1, "VALID"),
      tf.nn.conv2d(tf.reshape(img / 7.0, [2, 6, 6, 2]), K, 1, "VALID"),
      tf.nn.relu(tf.nn.conv2d(img / 255.0, K, 2, "SAME")),
      tf.nn.conv2d(img * tf.constant([0.5, 0.25]), K, 1, "VALID"),
      tf.nn.conv2d(img / 255.0, kv, 1, "VALID"),
  ]


@tf.function
def shared_scale(img):
  s = img / 255.0
  return tf.nn.conv2d(s, tf.constant(k), 1, "VALID"), s


@tf.function
def scaled_results(img):
  K = tf.constant(k)
  return [
      tf.nn.conv2d(img, K, 1, "VALID") / 255.0,
      tf.nn.conv2d(img, K, 1, "VALID") * kc,
      2.5 * tf.nn.conv2d(img, K, 1, "SAME"),
      tf.nn.conv2d(img, K, 1, "VALID") * tf.constant(np.full([1, 1, 1, 3], 0.3, np.float32)),
  ]


print([bits(t) for t in scaled_images(img)])
print([bits(t) for t in shared_scale(img)])
print([bits(t) for t in scaled_results(img)])
print(scaled_images(img)[0].numpy().ravel()[:6].tolist())


# A Reshape of the scaled image that is also returned keeps the scale.
@tf.function
def shared_reshape(img):
  r = tf.reshape(img * 3.0, [2, 6, 6, 2])
  return tf.nn.conv2d(r, tf.constant(k), 1, "VALID"), r


print([bits(t) for t in shared_reshape(img)])
