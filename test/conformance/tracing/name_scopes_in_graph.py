# tf.name_scope inside a tf.function names the graph's tensors, as
# TensorFlow's graph name scopes do: nested, made unique when reused, and
# an absolute scope ("outer/") taken as it is.
import tensorflow as tf


@tf.function
def f(x):
    with tf.name_scope("layer"):
        y = x * 2.0 + 1.0
        print(y)
        with tf.name_scope("inner") as scope:
            print(scope, tf.reduce_sum(y))
    with tf.name_scope("layer"):
        print(x + 1.0)
    with tf.name_scope("layer/"):
        print(tf.identity(x))
    print(x - 1.0)
    return y


print(f(tf.constant([1.0, 2.0])))
