# float16 matmul: TensorFlow's CPU kernel gives the float32 product of the
# widened operands, rounded once to half.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
for (m, k, n) in [(7, 33, 5), (4, 20, 6), (1, 300, 1)]:
    a = tf.constant(rng.uniform(-1, 1, (m, k)).astype(np.float16))
    b = tf.constant(rng.uniform(-1, 1, (k, n)).astype(np.float16))
    print(tf.matmul(a, b).numpy().tolist())
    print(tf.matmul(b, a, transpose_a=True, transpose_b=True).numpy().tolist())


@tf.function(input_signature=[tf.TensorSpec([None, 33], tf.float16),
                              tf.TensorSpec([33, 5], tf.float16)])
def dense(x, w):
    return tf.nn.relu(x @ w)


a = tf.constant(rng.uniform(-1, 1, (4, 33)).astype(np.float16))
w = tf.constant(rng.uniform(-1, 1, (33, 5)).astype(np.float16))
print(dense(a, w))
batch = tf.constant(rng.uniform(-1, 1, (2, 3, 9)).astype(np.float16))
print(tf.matmul(batch, tf.constant(rng.uniform(-1, 1, (2, 9, 4)).astype(np.float16))))
