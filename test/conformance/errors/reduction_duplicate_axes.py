# A reduction's axes may not name one dimension twice (also as a negative
# index): TensorFlow's InvalidArgumentError.
import tensorflow as tf

x = tf.ones([2, 3])
print(tf.reduce_sum(x, axis=[0, 1]))
for axis in [[0, 0], [1, -1]]:
    try:
        print(tf.reduce_mean(x, axis=axis))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, e)
