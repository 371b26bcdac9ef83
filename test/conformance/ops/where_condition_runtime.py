# tf.where(condition) inside a tf.function: as many rows as true elements, known at run time.
import tensorflow as tf

@tf.function
def nonzero(c):
    return tf.where(c)

print(nonzero(tf.constant([True, False, True])))
print(nonzero(tf.constant([[1, 0], [0, 3]]) > 0))
print(nonzero(tf.constant([False, False])))

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def positives(x):
    idx = tf.where(x > 0)
    return tf.gather(x, idx[:, 0]), tf.shape(idx)

print(positives(tf.constant([1.5, -2.0, 3.0, 0.0])))
