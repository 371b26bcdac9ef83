# tf.multiply of float32 and float64 tensors inside a Function: no implicit promotion.
import tensorflow as tf


@tf.function
def mul(a, b):
    return tf.multiply(a, b)


print(mul(tf.constant([1.5]), tf.constant([2.0])))
print(mul(tf.constant([1.5]), tf.constant([2.0], dtype=tf.float64)))
print("not reached")
