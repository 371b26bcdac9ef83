# logical_and/or/not and the &, |, ~ operators on bool tensors.
import tensorflow as tf


@tf.function
def logic(a, b):
    return tf.logical_and(a, b), tf.logical_or(a, b), tf.logical_not(a), a & b, a | b, ~b, tf.math.logical_xor(a, b)


for r in logic(tf.constant([True, True, False, False]), tf.constant([True, False, True, False])):
    print(r)
