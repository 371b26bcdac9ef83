# atan2 in Eigen's packets (8 float32 or 4 float64 elements at a time):
# the packet atan of y / x plus pi by signs, with its special cases, and
# the C library's atan2 for the last elements.
import tensorflow as tf
import numpy as np

rng = np.random.RandomState(0)
for dtype, n in [(np.float32, 4099), (np.float64, 4099)]:
    y = (rng.randn(n) * 2.0 ** rng.randint(-30, 30, n)).astype(dtype)
    x = (rng.randn(n) * 2.0 ** rng.randint(-30, 30, n)).astype(dtype)
    a = tf.math.atan2(tf.constant(y), tf.constant(x))
    bits = tf.bitcast(a, tf.int32 if dtype == np.float32 else tf.int64).numpy().astype(np.int64)
    print(dtype.__name__, int(np.sum(bits % 1000003 * np.arange(1, n + 1))), a.numpy()[:3].tolist(), a.numpy()[-3:].tolist())
# Every pair of special values, in packets (8 copies) and alone.
specials = [0.0, 1.0, -1.0, float("inf"), float("-inf"), float("nan"), 3e38, -2.5]
for dtype in [tf.float32, tf.float64]:
    values = tf.concat([tf.constant(specials, dtype), -tf.zeros([1], dtype)], 0)
    count = 9
    ys = tf.repeat(values, count * 8)
    xs = tf.tile(tf.repeat(values, 8), [count])
    packets = tf.reshape(tf.math.atan2(ys, xs), [count, count, 8])[:, :, 0]
    print(dtype.name, tf.bitcast(packets, tf.int32 if dtype == tf.float32 else tf.int64).numpy().tolist())
    alone = [[tf.math.atan2(values[i:i + 1], values[j:j + 1]).numpy()[0] for j in range(count)] for i in range(count)]
    print(np.array(alone))
print(tf.math.atan2(tf.fill([8], 0.1), tf.fill([8], 0.2)).numpy()[0].item())
print(tf.math.atan2(tf.constant([[0.3] * 5]), tf.constant([[0.7], [-0.7]])))
