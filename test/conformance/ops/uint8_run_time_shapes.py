# uint8 comparisons, divisions, maxima and minima (computed on widened
# values) with dimensions known at run time only.
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None], tf.uint8), tf.TensorSpec([None], tf.uint8)])
def f(a, b):
    return tf.maximum(a, b), a // b, a % b, tf.minimum(a, b), a < b, a >= b, tf.where(a > b, a, b), tf.clip_by_value(a, b, b), tf.math.floormod(a, b), tf.maximum(a, a)
print(f(tf.constant([1, 200, 3], tf.uint8), tf.constant([5, 7, 3], tf.uint8)))
@tf.function(input_signature=[tf.TensorSpec([None, None], tf.uint8)])
def g(a):
    return tf.reduce_max(a, axis=1), a // 3
print(g(tf.constant([[1, 250], [3, 4]], tf.uint8)))
