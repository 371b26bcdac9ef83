# tf.data's functions are optimized without grappler's constant folding:
# a division by a constant stays a division (tf.function's graphs multiply
# by the reciprocal), while the arithmetic optimizer's rewrites (log1p,
# rsqrt, regrouped sums and products) still apply. Each result is compared
# with the same function eagerly and as a tf.function.
import numpy as np
import tensorflow as tf

x = tf.constant(np.linspace(0.001, 3.0, 7).astype(np.float32))
fns = {
    "div": lambda v: v / 3.0,
    "div_tensor": lambda v: v / tf.constant(100.0),
    "log1p": lambda v: tf.math.log(v + 1.0),
    "chain": lambda v: v * 1.7 * 1.3 * v,
    "pow": lambda v: tf.pow(v, 0.5),
    "sqrtdiv": lambda v: v / tf.sqrt(v + 2.0),
    "addtree": lambda v: v + 0.1 + v * 2.0 + 0.3,
    "mean_div": lambda v: tf.reduce_mean(v) / 7.0,
}
for name, f in fns.items():
    data = next(iter(tf.data.Dataset.from_tensors(x).map(f))).numpy()
    print(name, data.tolist())
    print("  same as eager:", np.array_equal(data, f(x).numpy()),
          "same as tf.function:", np.array_equal(data, tf.function(f)(x).numpy()))

pixels = tf.data.Dataset.from_tensor_slices(tf.constant([[23.0, 60.0, 45.0], [255.0, 1.0, 128.0]]))
print(list(pixels.map(lambda p: p / 255.0).as_numpy_iterator()))
print(list(tf.data.Dataset.range(5).scan(tf.constant(0.0), lambda s, e: (s + tf.cast(e, tf.float32) / 3.0, s / 7.0)).as_numpy_iterator()))
