# tf.matmul with mismatched inner dimensions inside a Function fails at trace time.
import tensorflow as tf


@tf.function
def product(a, b):
    print("tracing product", a.shape, b.shape)
    return tf.matmul(a, b)


print(product(tf.ones([2, 3]), tf.ones([3, 1])))
print(product(tf.ones([2, 3]), tf.ones([2, 3])))
print("not reached")
