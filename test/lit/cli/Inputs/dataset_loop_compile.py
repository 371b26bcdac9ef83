import tensorflow as tf

ds = tf.data.Dataset.range(4)


@tf.function(input_signature=[])
def total():
    s = tf.constant(0, tf.int64)
    for x in ds:
        s += x
    return s
