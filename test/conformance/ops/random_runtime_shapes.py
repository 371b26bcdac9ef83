# Stateful random ops whose shape is known only at run time: noise shaped
# like an input with a None dimension, and dropout of such an input.
import tensorflow as tf

tf.random.set_seed(3)


@tf.function(input_signature=[tf.TensorSpec([None, 2])])
def jitter(x):
    return x + tf.random.normal(tf.shape(x), stddev=0.1)


@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def drop(x):
    return tf.nn.dropout(x, 0.5)


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def labels(x):
    return tf.random.uniform([tf.size(x), 2], maxval=7, dtype=tf.int32)


print(jitter(tf.ones([3, 2])))
print(jitter(tf.ones([1, 2])))
print(drop(tf.ones([2, 3])))
print(drop(tf.ones([4, 3])))
print(labels(tf.constant([1, 2, 3])))
print(labels(tf.constant([1])))
