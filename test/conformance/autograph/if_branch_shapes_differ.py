# Branches of a tensor if returning different shapes are allowed; the merged static shape is unknown.
import tensorflow as tf


@tf.function
def maybe_pair(x):
    if x > 0:
        y = tf.stack([x, x])
    else:
        y = tf.stack([x, x, x])
    print("trace: static shape after if:", y.shape)
    return y


print(maybe_pair(tf.constant(1)))
print(maybe_pair(tf.constant(-1)))
