# A float32 sum of a whole tensor is Eigen's full reducer, which past about
# 108,000 elements (on this 2-thread host) sums blocks of n / 2 elements on
# their own, adds the elements left over first, then the blocks' sums; each
# block is a tree from its own first index. Means divide that sum.
import numpy as np
import tensorflow as tf
np.random.seed(0)
base = (np.random.randn(3000001) * np.exp(2 * np.random.randn(3000001))).astype(np.float32)
for n in (108387, 108388, 124600, 124700, 125500, 131080, 200001, 1000003, 3000001):
    x = tf.constant(base[:n])
    print(n, tf.reduce_sum(x).numpy(), tf.reduce_mean(x).numpy(), tf.reduce_sum(x[5:]).numpy())

@tf.function(input_signature=[tf.TensorSpec([None, 784])])
def mse(x):
    return tf.reduce_mean(tf.square(x - 0.5)), tf.reduce_sum(x)

print([t.numpy() for t in mse(tf.constant(base[:256 * 784].reshape(256, 784)))])
print([t.numpy() for t in mse(tf.constant(base[:100 * 784].reshape(100, 784)))])
