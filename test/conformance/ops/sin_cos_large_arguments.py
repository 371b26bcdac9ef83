# sin and cos of float32 magnitudes from 18838 (cos) and 25966 (sin) on,
# which Eigen reduces by pi/2 Payne-Hanek style: bit for bit.
import tensorflow as tf
import numpy as np

rng = np.random.RandomState(3)
# Magnitudes from where Eigen's Payne-Hanek reduction starts to float32's
# largest, both signs, in whole packets of 8.
x = np.concatenate([
    rng.uniform(18000, 30000, 4000),
    np.exp(rng.uniform(np.log(30000), np.log(3e38), 4000)),
    [18837.9, 18838.0, 25965.99, 25966.0, 1e10, 3.4e38, np.inf, np.nan],
]).astype(np.float32)
x = np.where(rng.rand(x.size) < 0.5, -x, x).astype(np.float32)
t = tf.constant(x)
for fn in [tf.sin, tf.cos]:
    y = fn(t)
    bits = tf.bitcast(y, tf.int32).numpy()
    print(fn.__name__, int(np.sum(bits.astype(np.int64) * np.arange(1, bits.size + 1))), y.numpy()[-8:].tolist())
print(tf.sin(tf.range(30000, 30016, dtype=tf.float32)).numpy().tolist())
