# abs, sign, square, floor, ceil and round (half to even) on floats and ints.
import tensorflow as tf


@tf.function
def rounding(x):
    return tf.abs(x), tf.sign(x), tf.square(x), tf.floor(x), tf.math.ceil(x), tf.round(x)


for r in rounding(tf.constant([-2.5, -1.5, -0.5, 0.0, 0.5, 1.5, 2.5, 2.75])):
    print(r)
print(tf.abs(tf.constant([-3, 0, 4])))
print(tf.sign(tf.constant([-3, 0, 4])))
print(tf.square(tf.constant([-3, 5], dtype=tf.int64)))
print(tf.math.abs(tf.constant([-1.5], dtype=tf.float16)))
print(tf.round(tf.constant([0.5, 1.5, 2.5, -0.5], dtype=tf.float64)))
