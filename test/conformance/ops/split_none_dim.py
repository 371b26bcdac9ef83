# tf.split of a dimension known at run time only into equal pieces, and
# the error when they do not divide it.
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def halves(x):
    a, b = tf.split(x, 2)
    c = tf.split(x, 3, axis=1)
    return a, b, c[2]
print(halves(tf.reshape(tf.range(12.0), [4, 3])))
try:
    halves(tf.ones([3, 3]))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError")
