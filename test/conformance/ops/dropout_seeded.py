# tf.nn.dropout eagerly after tf.random.set_seed, bit for bit: the mask from
# a stateful uniform sample, the kept values scaled by 1 / (1 - rate).
import tensorflow as tf
tf.random.set_seed(3)
x = tf.reshape(tf.range(1.0, 13.0), [3, 4])
print(tf.nn.dropout(x, 0.5))
print(tf.nn.dropout(x, rate=0.25, seed=7))
print(tf.nn.dropout(x, 0.5, noise_shape=[3, 1]))
print(tf.nn.dropout(x, 0.0))
for bad in [lambda: tf.nn.dropout(x, 1.0), lambda: tf.nn.dropout(tf.constant([1, 2]), 0.5)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
