import tensorflow as tf

v = tf.Variable(0.0)


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def guarded(x):
    a = tf.debugging.assert_non_negative(x)
    with tf.control_dependencies([a]):
        v.assign(tf.sqrt(x))
    return v.read_value()
