# tf.nn.log_softmax and tf.linalg.norm on inputs with exactly representable results.
import tensorflow as tf


@tf.function
def ls(x):
    return tf.nn.log_softmax(x), tf.linalg.norm(x), tf.norm(x, axis=1)


for r in ls(tf.constant([[0.0, 0.0], [3.0, 4.0]])):
    print(tf.round(r * 1000.0))
print(tf.linalg.norm(tf.constant([3.0, 4.0])))
print(tf.norm(tf.constant([[6.0, 8.0], [0.0, 5.0]])))
