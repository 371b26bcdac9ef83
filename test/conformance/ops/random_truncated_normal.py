# tf.random.truncated_normal and stateless_truncated_normal, bit for bit:
# TruncatedNormal redraws Box-Muller pairs until each group of 4 floats (2
# doubles) has values below 2 in magnitude, so elements take a varying
# number of Philox words; eagerly, after set_seed, with mean and stddev,
# float64, in a tf.function (each call continues the kernel's sequence),
# with a shape known only at run time, and as a layer's initial weights.
import tensorflow as tf

print(tf.random.stateless_truncated_normal([7], seed=[1, 2]))
print(tf.random.stateless_truncated_normal([5], seed=[3, 4], dtype=tf.float64,
                                           mean=1.0, stddev=0.5))
# Many samples: every redraw is below 2 and groups start 256 words apart.
big = tf.random.stateless_truncated_normal([300], seed=[11, 12])
print(float(tf.reduce_max(tf.abs(big))) < 2.0, big[::37].numpy().tolist())
print(tf.random.stateless_truncated_normal([7, 3], seed=[5, 6],
                                           dtype=tf.float64)[5:].numpy())

tf.random.set_seed(5)
print(tf.random.truncated_normal([7]))
print(tf.random.truncated_normal([2, 3], mean=1.0, stddev=0.5,
                                 dtype=tf.float64))
print(tf.random.truncated_normal([3], seed=3))
print(tf.random.truncated_normal([3], seed=3))


@tf.function
def draws():
    return (tf.random.truncated_normal([6]),
            tf.random.truncated_normal([3], stddev=0.1, dtype=tf.float64),
            tf.random.normal([2]))


for call in range(2):
    for r in draws():
        print(r)


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def noisy(x):
    return x + tf.random.truncated_normal(tf.shape(x), stddev=0.01, seed=4)


print(noisy(tf.zeros([5, 3])))
print(noisy(tf.ones([1, 3])))


class Dense(tf.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.w = tf.Variable(
            tf.random.truncated_normal([n_in, n_out], stddev=0.1, seed=1))
        self.b = tf.Variable(tf.zeros([n_out]))

    @tf.function
    def __call__(self, x):
        return tf.nn.relu(x @ self.w + self.b)


layer = Dense(4, 3)
print(layer.w.numpy())
print(layer(tf.constant([[1.0, -2.0, 0.5, 3.0], [-1.0, 0.0, 2.0, 1.0]])))

print(tf.random.truncated_normal([0, 2]))
print(tf.random.truncated_normal([], dtype=tf.float64, seed=9))
