# np.sum and np.mean over several axes of float arrays, bit for bit:
# NumPy's iterator merges adjacent axes into one run, pairwise-summed when
# it is the innermost, added row by row otherwise; outputs start at zero.
import numpy as np
import tensorflow as tf

img = tf.reshape(tf.range(2 * 3 * 3, dtype=tf.float32), [2, 3, 3]) / 18.0
b = tf.stack([img, img * 0.5, img + 0.1, img * 0.2]).numpy()
for axes in [(1, 2, 3), (2, 3), (1, 2), (0, 1), (0, 1, 2), (-1, -2), (3, 2)]:
    print(axes, b.sum(axis=axes).tolist())
    print(axes, np.mean(b, axis=axes).tolist())
    print(axes, np.sum(b, axis=axes, keepdims=True).shape)
big = (tf.random.stateless_uniform([3, 40, 50], seed=[1, 2]).numpy())
print(big.sum(axis=(1, 2)).tolist(), big.reshape(3, 2000).sum(axis=1).tolist())
print(big.astype(np.float64).mean(axis=(0, 1)).sum())
print(b.sum(axis=(0, 2)).tolist())
c = tf.random.stateless_uniform([4, 5, 6, 7], seed=[3, 2]).numpy()
for axes in [(0, 2), (1, 3), (0, 3), (0, 1, 3), (0, 2, 3), (1,), (0,), (3,), ()]:
    print(axes, c.sum(axis=axes).sum(), np.mean(c, axis=axes).ravel()[:3].tolist())
print(np.array([[-0.0, -0.0]], np.float32).sum(axis=0))
