# Gradients of conv2d (input and filter), max_pool2d and avg_pool2d, bit for
# bit: the kernels' dot products follow the matrix-product kernel the shapes
# select (one image or several, one output position or channel, one filter
# element), Col2im adds patches in output order, max pooling's gradient goes
# to the first largest input (a NaN only when first), average pooling's
# windows are GetBroadcastSize's.
import tensorflow as tf

cases = []
for n in [1, 2, 3]:
    for hw in [(1, 1), (2, 3), (4, 4), (5, 7)]:
        for kk in [(1, 1), (2, 2), (3, 3), (1, 3)]:
            for ic, oc in [(1, 1), (1, 17), (3, 5), (2, 40)]:
                for stride, padding in [(1, "SAME"), (2, "VALID")]:
                    if padding == "VALID" and (hw[0] < kk[0] or hw[1] < kk[1]):
                        continue
                    cases.append((n, hw, kk, ic, oc, stride, padding))
cases = cases[::5]
print(len(cases), "convolutions")
for seed, (n, hw, kk, ic, oc, stride, padding) in enumerate(cases):
    x = tf.random.stateless_normal([n, hw[0], hw[1], ic], seed=[seed, 1])
    k = tf.random.stateless_normal([kk[0], kk[1], ic, oc], seed=[seed, 2])
    y_shape = tf.nn.conv2d(x, k, stride, padding).shape
    g = tf.random.stateless_normal(y_shape, seed=[seed, 3])
    with tf.GradientTape() as t:
        t.watch([x, k])
        y = tf.nn.conv2d(x, k, stride, padding)
    gx, gk = t.gradient(y, [x, k], output_gradients=g)
    print(n, hw, kk, ic, oc, stride, padding,
          gx.numpy().ravel()[::3].tolist()[:8], gk.numpy().ravel()[::3].tolist()[:8])

# Pooling: ties, NaN and infinities, overlapping windows, SAME windows
# larger than the image.
x = tf.constant([[1.0, 3.0, 3.0, 2.0, 0.0], [3.0, 1.0, float("nan"), 2.0, 5.0],
                 [0.0, 3.0, 3.0, -float("inf"), 1.0], [2.0, 2.0, 1.0, 2.0, 2.0],
                 [float("nan"), 0.0, 4.0, 4.0, 1.0]])
x = tf.reshape(tf.stack([x, -x], axis=-1), [1, 5, 5, 2])
for ksize, stride, padding in [(2, 1, "VALID"), (3, 2, "SAME"), (2, 2, "SAME"),
                               (3, 1, "SAME"), (6, 1, "SAME"), (6, 2, "SAME")]:
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        m = tf.nn.max_pool2d(x, ksize, stride, padding)
        a = tf.nn.avg_pool2d(x, ksize, stride, padding)
        wm = tf.reshape(tf.range(tf.size(m), dtype=tf.float32), m.shape)
        wa = tf.reshape(tf.range(tf.size(a), dtype=tf.float32), a.shape) / 3.0
        lm = tf.reduce_sum(m * wm)
        la = tf.reduce_sum(a * wa)
    print(ksize, stride, padding, t.gradient(lm, x).numpy().ravel().tolist())
    print(t.gradient(la, x).numpy().ravel().tolist())
