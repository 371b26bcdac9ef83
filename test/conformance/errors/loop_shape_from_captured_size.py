# A loop body that gathers with tf.range(n), n the size of a dimension
# outside the loop, makes a tensor whose first dimension the body cannot
# know: the loop variable's shape changes from (3, 2) to (None, 2), which
# TensorFlow refuses without shape invariants.
import tensorflow as tf


@tf.function
def f(a):
    n = tf.shape(a)[0]
    for k in tf.range(2):
        a = tf.gather(a, tf.range(n))
    return a


print(f(tf.ones([3, 2])))
