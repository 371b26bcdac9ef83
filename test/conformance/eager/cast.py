# tf.cast between dtypes: truncation toward zero, bool conversions, widening.
import tensorflow as tf

f = tf.constant([1.9, -1.9, 0.5, -0.5, 2.0])
print(tf.cast(f, tf.int32))
print(tf.cast(f, tf.bool))
print(tf.cast(f, tf.float64))
print(tf.cast(f, tf.float16))
i = tf.constant([0, 1, -3, 200])
print(tf.cast(i, tf.float32))
print(tf.cast(i, tf.bool))
print(tf.cast(i, tf.int64))
print(tf.cast(i, tf.int16))
b = tf.constant([True, False])
print(tf.cast(b, tf.int32))
print(tf.cast(b, tf.float32))
print(tf.cast(tf.constant([0, 100, 255]), tf.uint8))
print(tf.cast(tf.constant(3.75, dtype=tf.float64), tf.float32))
print(tf.cast(tf.constant([1.5, 2.5]), tf.bfloat16))
