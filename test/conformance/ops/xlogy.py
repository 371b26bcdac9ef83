# tf.math.xlogy, xlog1py and xdivy: x where x is 0 (its sign kept on
# packets, +0 from the scalar form), the packet log at each element's
# position of the broadcast result.
import numpy as np
import tensorflow as tf
rng = np.random.RandomState(5)
x = tf.constant(rng.uniform(-2, 2, size=[3, 7]).astype(np.float32))
x = tf.where(tf.abs(x) < 0.5, tf.zeros_like(x), x)
y = tf.constant(rng.uniform(0.1, 5, size=[3, 7]).astype(np.float32))
for fn in [tf.math.xlogy, tf.math.xlog1py, tf.math.xdivy]:
    print(fn(x, y).numpy().tolist())
    print(fn(x, y[0]).numpy().tolist())
print(tf.math.xlogy(tf.constant([0.0, -0.0, 1.0]), tf.constant([0.0, 0.0, 0.0])))
print(tf.function(lambda a, b: tf.math.xlogy(a, b))(x, y).numpy().tolist())
