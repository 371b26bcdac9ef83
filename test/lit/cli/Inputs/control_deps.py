import tensorflow as tf

v = tf.Variable(0.0)


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def guarded(x):
    a = tf.debugging.assert_non_negative(x)
    with tf.control_dependencies([a]):
        v.assign(tf.sqrt(x))
    return v.read_value()


table = tf.Variable([1, 2, 3])


# The write after a gather from the variable waits for it, as TensorFlow's
# automatic control dependencies order a resource's ops.
@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def gather_then_write(i):
    row = tf.gather(table, i)
    table.assign([0, 0, 0])
    return row
