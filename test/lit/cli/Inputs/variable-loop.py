import tensorflow as tf

total = tf.Variable(0.0)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def accumulate(xs):
    for x in xs:
        if x > 0:
            total.assign_add(x)
    return total.read_value()
