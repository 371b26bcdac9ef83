# tf.math.xlogy(x, y + 1) is one Xlogy kernel in TensorFlow: grappler does
# not rewrite its log(y + 1) as log1p(y), as it would a Log op's.
import tensorflow as tf


@tf.function
def f(b):
    return tf.math.xlogy(b, b + 1.0), tf.math.log(b + 1.0)


x, y = f(tf.fill([4], 2.5))
print(x.numpy().tolist(), y.numpy().tolist())
print(tf.math.xlogy(tf.fill([4], 2.5), tf.fill([4], 3.5)).numpy().tolist())
print(tf.function(lambda b: tf.math.xdivy(b, b + 1.0))(tf.fill([3], 2.5)))
