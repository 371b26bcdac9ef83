# bfloat16 products: Eigen's packet path, as for float16 (four packet
# accumulators of 8 lanes, each product rounded to bfloat16, the lanes
# widened to float for their tree, the tail multiplied on from one), and
# its split among threads for whole tensors. Recorded on an AVX2 host.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
sizes = list(range(1, 80)) + [100, 127, 128, 129, 255, 256, 257, 1000, 4097,
                              30000, 200000]
for n in sizes:
    v = tf.constant(rng.uniform(0.9, 1.1, n), tf.bfloat16)
    print(n, tf.reduce_prod(v).numpy(), end="; " if n % 10 else "\n")
print()
for shape in [(3, 17), (5, 40), (2, 3, 33), (4, 1000)]:
    v = tf.constant(rng.uniform(0.9, 1.1, shape), tf.bfloat16)
    rows = tf.reduce_prod(v, axis=-1).numpy().astype(np.float32)
    cols = tf.reduce_prod(v, axis=0).numpy().astype(np.float32)
    print(shape, rows.view(np.int32).sum(), cols.view(np.int32).sum())
y = tf.cast(tf.linspace(0.1, 2.9, 13), tf.bfloat16)
print(tf.reduce_prod(y), tf.function(tf.reduce_prod)(y))
