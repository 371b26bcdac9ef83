import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def fmt(x):
    return tf.strings.as_string(x)

@tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
def slen(s):
    return tf.strings.length(s)

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def mixed(x):
    s = tf.strings.as_string(x)
    n = tf.strings.length(s)
    tf.print("as strings:", s)
    return tf.cast(n, tf.float32) + x
