# Indexing a TensorShape past its rank: TensorFlow keeps the dimensions in a
# tuple, so the IndexError is a tuple's.
import tensorflow as tf
try:
    tf.constant(3).shape[0]
except IndexError as e:
    print(e)
print(tf.constant([[1]]).shape[-1], tf.constant([1, 2]).shape[0])
