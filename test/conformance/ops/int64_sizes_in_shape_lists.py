# An int64 size in a shape list: the list packs as int64 (TensorFlow's
# auto-packing takes the tensor's dtype for the Python ints).
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([], tf.int64)])
def f(n):
    x = tf.zeros([n, 2])
    y = tf.ones([n])
    z = tf.fill([n, 1], 3.0)
    w = tf.reshape(tf.range(6.0), [n, -1])
    return x, y, z, w
print(f(tf.constant(3, tf.int64)))
