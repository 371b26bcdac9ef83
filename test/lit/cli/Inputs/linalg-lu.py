import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, 3, 3], tf.float32)])
def inverse(m):
    return tf.linalg.inv(m)
@tf.function(input_signature=[tf.TensorSpec([3, 3], tf.float64), tf.TensorSpec([3, 2], tf.float64)])
def solve(m, r):
    return tf.linalg.solve(m, r), tf.linalg.det(m)
@tf.function
def too_big(m):
    return tf.linalg.det(m)
@tf.function
def two_unknown(m):
    return tf.linalg.inv(m)
