# Integer arithmetic: floor division and modulo follow Python signs; int / int gives float64.
import tensorflow as tf


@tf.function
def int_ops(a, b):
    return a + b, a - b, a * b, a // b, a % b, a / b, tf.math.floordiv(a, b), tf.math.floormod(a, b)


for r in int_ops(tf.constant([7, -7, 7, -7, 0]), tf.constant([2, 2, -2, -2, 3])):
    print(r)
for r in int_ops(tf.constant([100], dtype=tf.int64), tf.constant([7], dtype=tf.int64)):
    print(r)
print(tf.constant([9, 10], dtype=tf.int16) / tf.constant([2, 4], dtype=tf.int16))
print(tf.constant([9], dtype=tf.int8) / tf.constant([2], dtype=tf.int8))
