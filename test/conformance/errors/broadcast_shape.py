# Adding tensors whose shapes cannot broadcast inside a Function fails at trace time.
import tensorflow as tf


@tf.function
def add(a, b):
    return a + b


print(add(tf.constant([1, 2, 3]), tf.constant([[10], [20]])))
print(add(tf.constant([1, 2, 3]), tf.constant([10, 20])))
print("not reached")
