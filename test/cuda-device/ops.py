# More of the op families for the cuda device check
# (scripts/cuda-device-check.sh): each math function libdevice provides,
# float64, float16 and bfloat16, integer and boolean arithmetic, casts,
# index-producing ops and layout ops, called like model.py's functions.
import tensorflow as tf

XS = tf.TensorSpec([None, 48], tf.float32)


@tf.function(input_signature=[XS])
def trig(x):
  u = tf.clip_by_value(x / 3.0, -0.99, 0.99)
  return (tf.sin(x) + tf.cos(x), tf.tan(u), tf.asin(u) + tf.acos(u),
          tf.atan(x) + tf.atan2(x, x[::-1] + 0.5), tf.sinh(u) + tf.cosh(u),
          tf.asinh(x) + tf.acosh(tf.abs(x) + 1.0))


@tf.function(input_signature=[XS])
def exps(x):
  a = tf.abs(x) + 0.1
  return (tf.math.expm1(x / 2.0), tf.math.log(a), tf.math.pow(a, x / 4.0),
          tf.math.erfc(x), tf.math.lgamma(a), tf.math.digamma(a),
          tf.nn.softplus(x), tf.nn.elu(x), tf.nn.selu(x), tf.nn.gelu(x),
          tf.nn.silu(x), tf.math.reciprocal(a), tf.square(x))


@tf.function(input_signature=[XS])
def rounding(x):
  y = x * 3.7
  return (tf.floor(y), tf.math.ceil(y), tf.round(y), tf.sign(y),
          tf.math.floormod(y, 2.5), tf.math.floordiv(y, 2.5),
          tf.maximum(x, -x[::-1]), tf.math.squared_difference(x, 1.0))


@tf.function(input_signature=[tf.TensorSpec([None, 48], tf.float64)])
def doubles(x):
  return (tf.exp(x / 4.0) + tf.sin(x), tf.math.log1p(tf.abs(x)),
          tf.reduce_sum(x * x, axis=1), tf.tanh(x) @ tf.transpose(x))


@tf.function(input_signature=[XS])
def halves(x):
  h = tf.cast(x, tf.float16)
  b = tf.cast(x, tf.bfloat16)
  return (tf.cast(tf.exp(h / 4.0) * h + 1.0, tf.float32),
          tf.cast(tf.matmul(h[:8], tf.transpose(h[:8])), tf.float32),
          tf.cast(tf.sigmoid(b) * b + b, tf.float32),
          tf.cast(tf.reduce_max(b, axis=1), tf.float32))


@tf.function(input_signature=[tf.TensorSpec([None, 48], tf.int32),
                              tf.TensorSpec([None, 48], tf.int64)])
def integers(i, j):
  k = i + 7
  return (k * 3 - i // 4, tf.math.floormod(i, 5), tf.abs(i) % 7,
          tf.bitwise.bitwise_and(k, 12) | tf.bitwise.left_shift(k, 2),
          tf.bitwise.right_shift(tf.abs(k), 1), tf.maximum(i, 3),
          j * j - j // 3, tf.reduce_sum(j, axis=1), tf.reduce_max(i, axis=0),
          tf.cast(i, tf.float32) / 3.0)


@tf.function(input_signature=[XS])
def booleans(x):
  p = x > 0.5
  q = tf.abs(x) < 1.0
  return (tf.logical_and(p, q), tf.logical_or(p, q), tf.math.logical_xor(p, q),
          tf.logical_not(p), tf.reduce_any(p, axis=1),
          tf.reduce_all(q, axis=0), tf.where(p, x, -x),
          tf.cast(p, tf.int32) + tf.cast(q, tf.int32),
          tf.math.count_nonzero(p, axis=1), tf.equal(tf.round(x), 1.0))


@tf.function(input_signature=[XS])
def indices(x):
  return (tf.argmax(x, axis=1), tf.argmin(x, axis=0),
          tf.math.cumsum(x, axis=1), tf.math.cumprod(x[:, :6] / 2.0, axis=1),
          tf.one_hot(tf.argmax(x, axis=1), 10), tf.math.top_k(x, 3).values,
          tf.math.top_k(x, 3).indices, tf.sort(x[:4], axis=1))


@tf.function(input_signature=[XS])
def layout(x):
  return (tf.pad(x[:3, :5], [[1, 2], [0, 3]], constant_values=9.0),
          tf.tile(x[:2, :3], [2, 3]), tf.stack([x[0], x[1]], axis=1),
          tf.reshape(x, [-1, 12, 4])[:, ::3, 1:], tf.expand_dims(x[:, 0], 1),
          tf.gather(x, [4, 1, 1], axis=1), tf.split(x, 4, axis=1)[2],
          tf.roll(x[:2], shift=5, axis=1), tf.broadcast_to(x[:1, :2], [3, 2]))


@tf.function(input_signature=[tf.TensorSpec([None, 8, 8, 3], tf.float32)])
def images(x):
  dw = tf.reshape(tf.range(3 * 3 * 3 * 2, dtype=tf.float32) % 5.0 - 2.0,
                  [3, 3, 3, 2]) / 8.0
  up = tf.reshape(tf.range(2 * 2 * 4 * 3, dtype=tf.float32) % 3.0 - 1.0,
                  [2, 2, 4, 3]) / 4.0
  mean, var = tf.nn.moments(x, axes=[0, 1, 2])
  return (tf.nn.avg_pool2d(x, 3, 2, "SAME"),
          tf.nn.depthwise_conv2d(x, dw, [1, 1, 1, 1], "VALID"),
          tf.nn.conv2d_transpose(x, up, [tf.shape(x)[0], 16, 16, 4], 2),
          tf.nn.batch_normalization(x, mean, var, 0.5, 2.0, 1e-3),
          tf.image.resize(x, [5, 5]), tf.nn.l2_normalize(x, axis=3))


@tf.function(input_signature=[XS])
def products(x):
  a = tf.reshape(x[:48], [4, 12, 48])
  return (tf.matmul(a, a, transpose_b=True),
          tf.einsum("bij,bkj->bik", a, a[:, :5]),
          tf.linalg.matvec(x, x[0]), tf.tensordot(x[:6], x[:6], [[1], [1]]))
