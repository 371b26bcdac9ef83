# Gradients through tf.image.resize: ResizeBilinearGrad and
# ResizeNearestNeighborGrad, added in the kernels' order.
import tensorflow as tf
import numpy as np

rng = np.random.RandomState(2)
img = tf.constant(rng.rand(2, 5, 7, 3).astype(np.float32))
w = tf.constant(rng.rand(2, 9, 4, 3).astype(np.float32))
for method in ["bilinear", "nearest"]:
    with tf.GradientTape() as t:
        t.watch(img)
        y = tf.reduce_sum(tf.image.resize(img, [9, 4], method=method) * w)
    g = t.gradient(y, img)
    print(method, g.numpy().sum(), g.numpy()[1, :, :, 2].tolist())


@tf.function
def step(x, w):
    with tf.GradientTape() as t:
        t.watch(x)
        up = tf.image.resize(x, [6, 10])
        loss = tf.reduce_mean(tf.square(up - w))
    return loss, t.gradient(loss, x)


print(step(tf.constant(rng.rand(1, 3, 5, 2).astype(np.float32)), tf.constant(rng.rand(1, 6, 10, 2).astype(np.float32))))
x64 = tf.constant(rng.rand(1, 4, 4, 1))
with tf.GradientTape() as t:
    t.watch(x64)
    y = tf.reduce_sum(tf.image.resize(x64, [3, 7]) ** 2)
print(t.gradient(y, x64))
