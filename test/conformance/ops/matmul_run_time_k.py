# A float32 product whose inner size is known only when the function runs:
# the weight gradient x^T @ dy of a dense layer with a None batch. On a
# processor without AVX-512, oneDNN's AVX kernels sum each element in an
# order set by its place in their register tile; kiln picks the plan by the
# batch when the function runs (up to 256 rows, one call over all of k).
# Each line is a digest of every bit of a gradient (and its first element);
# the goldens differ between processors with and without AVX-512.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(5)


def digest(r):
    bits = tf.reshape(tf.bitcast(r, tf.int32), [-1]).numpy()
    bits = bits.astype(np.int64) % 2**32
    weights = np.arange(1, bits.size + 1, dtype=np.int64)
    return int((bits * weights).sum() % (2**61 - 1))


for inputs, outputs in [(2, 3), (20, 7), (64, 10), (784, 128)]:
    w = tf.Variable(rng.randn(inputs, outputs).astype(np.float32))

    @tf.function(input_signature=[tf.TensorSpec([None, inputs], tf.float32),
                                  tf.TensorSpec([None, outputs], tf.float32)])
    def weight_gradient(x, target):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(x @ w - target))
        return tape.gradient(loss, w)

    for batch in [0, 1, 2, 3, 17, 64, 255, 256]:
        x = rng.randn(batch, inputs).astype(np.float32)
        target = rng.randn(batch, outputs).astype(np.float32)
        g = weight_gradient(x, target)
        print(inputs, outputs, batch, g.numpy()[0, :1].tolist(), digest(g))
