# tf.image.resize by bilinear interpolation and nearest neighbour: float32
# results bit-exact with TensorFlow's kernels, several dtypes, sizes known
# only at run time, and preserve_aspect_ratio.
import tensorflow as tf
import numpy as np

rng = np.random.RandomState(0)
img = tf.constant(rng.rand(2, 5, 7, 3).astype(np.float32))
for size in [[3, 4], [10, 14], [5, 7], [1, 1], [9, 2], [4, 13]]:
    print(size, tf.image.resize(img, size).numpy().sum(), tf.image.resize(img, size, "nearest").numpy().sum())
    print(tf.image.resize(img, size).numpy()[1, :, :, 2].tolist())
u8 = tf.constant((rng.rand(6, 5, 2) * 255).astype(np.uint8))
print(tf.image.resize(u8, [4, 9]))
print(tf.image.resize(u8, [8, 3], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR))
print(tf.image.resize(tf.cast(u8, tf.float64), [3, 3]))
print(tf.image.resize(tf.cast(u8, tf.float16), [3, 3], "nearest"))
print(tf.image.resize(u8, [2, 5], preserve_aspect_ratio=True).shape)

@tf.function
def f(x, s):
    return tf.image.resize(x, s)

print(f(img, tf.constant([3, 11]))[0, :, :, 0])

@tf.function(input_signature=[tf.TensorSpec([None, None, None, 3])])
def g(x):
    return tf.image.resize(x, [4, 4], method="nearest")

print(g(img)[1])
print(g(tf.ones([1, 2, 2, 3])))

rng = np.random.RandomState(1)
img = tf.constant((rng.rand(1, 37, 23, 4) * 100).astype(np.float32))
for size in [[50, 61], [13, 7], [37, 24], [100, 3]]:
    a = tf.image.resize(img, size).numpy()
    print(size, a.sum(), a[0, 5, 2].tolist(), a.max())
