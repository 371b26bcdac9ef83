# TensorFlow's core initializers (init_ops_v2): zeros, ones, constant,
# random normal and uniform with and without a seed (stateless ops with
# [seed, 0], or the global seed's sequence), their configs and errors.
import tensorflow as tf

tf.random.set_seed(7)
init = tf.random_normal_initializer(stddev=0.5, seed=2)
print(tf.Variable(init([2, 2])))
print(init(shape=[3], dtype=tf.float64))
print(init.get_config(), init.stddev)
print(tf.ones_initializer()([2]), tf.zeros_initializer()([2, 1], tf.int32))
print(tf.constant_initializer(3.0)([2, 2]))
print(tf.constant_initializer([1, 2, 3, 4])([2, 2], tf.float32))
print(tf.constant_initializer(5)([3]))
u = tf.random_uniform_initializer(-1.0, 1.0, seed=4)
print(u([4]), u([2], tf.int32) if False else "")
print(tf.random_uniform_initializer(0, 10, seed=1)([3], tf.int32))
print(tf.random_normal_initializer()([3]))
print(tf.random_uniform_initializer()([2]))
try:
    tf.random_normal_initializer()([2], tf.int32)
except ValueError as e:
    print("ValueError:", e)
try:
    init([2], bad=1)
except TypeError as e:
    print("TypeError:", e)


class Dense(tf.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        w_init = tf.random_normal_initializer(seed=3)
        self.w = tf.Variable(w_init([n_in, n_out]), name="w")
        self.b = tf.Variable(tf.zeros_initializer()([n_out]), name="b")

    @tf.function
    def __call__(self, x):
        return tf.nn.relu(x @ self.w + self.b)


layer = Dense(3, 2)
print(layer(tf.ones([1, 3])))


@tf.function
def make():
    return tf.random_normal_initializer(seed=5)([2]), tf.random_uniform_initializer()([2])


print(make())
