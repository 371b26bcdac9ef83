# tf.matmul and the @ operator: 2-D products, transposes, int and float dtypes.
import tensorflow as tf


@tf.function
def mm(a, b):
    return tf.matmul(a, b), a @ b


a = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = tf.constant([[1.0, 0.5], [0.0, -1.0], [2.0, 0.25]])
for r in mm(a, b):
    print(r)
print(tf.matmul(a, a, transpose_b=True))
print(tf.matmul(a, a, transpose_a=True))
print(tf.matmul(tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6], [7, 8]])))
print(tf.matmul(tf.constant([[2.0]], dtype=tf.float64), tf.constant([[0.5, 4.0]], dtype=tf.float64)))
