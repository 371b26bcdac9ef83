# tf.matmul of int32 and float32 matrices inside a Function is a dtype error.
import tensorflow as tf


@tf.function
def product(a, b):
    return tf.matmul(a, b)


print(product(tf.ones([2, 2]), tf.ones([2, 2])))
print(product(tf.ones([2, 2], dtype=tf.int32), tf.ones([2, 2])))
print("not reached")
