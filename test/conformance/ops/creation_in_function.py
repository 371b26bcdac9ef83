# Creation ops inside a Function: zeros, ones, fill, eye, range, linspace, zeros_like.
import tensorflow as tf


@tf.function
def make(n):
    return (tf.zeros([2, 2]), tf.ones([3], dtype=tf.int32), tf.fill([2], 9.5), tf.eye(3),
            tf.range(n), tf.linspace(0.0, 1.0, 5), tf.zeros_like(tf.range(n)), tf.eye(2, 3, dtype=tf.int32))


for r in make(tf.constant(4)):
    print(r)
print(tf.linspace(-1.0, 1.0, 3))
print(tf.eye(2, dtype=tf.bool))
