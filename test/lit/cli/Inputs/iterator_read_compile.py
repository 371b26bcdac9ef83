import tensorflow as tf

it = iter(tf.data.Dataset.range(4))


@tf.function(input_signature=[])
def first():
    return next(it)
