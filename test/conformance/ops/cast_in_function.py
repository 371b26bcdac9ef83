# tf.cast inside a Function: float to int truncates toward zero, to bool is x != 0.
import tensorflow as tf


@tf.function
def casts(x):
    return tf.cast(x, tf.int32), tf.cast(x, tf.bool), tf.cast(x, tf.float64), tf.cast(tf.cast(x, tf.int32), tf.float32)


for r in casts(tf.constant([-2.75, -0.5, 0.0, 0.5, 3.999])):
    print(r)
print(tf.cast(tf.constant([1, 2]), tf.float16))
print(tf.cast(tf.constant([70000]), tf.int16))
print(tf.cast(tf.constant([True, False]), tf.uint8))
print(tf.dtypes.cast(tf.constant([3, 4], dtype=tf.int64), tf.int32))
