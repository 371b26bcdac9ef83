import tensorflow as tf

count = tf.Variable(0)


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def count_to(n):
    for i in tf.range(n):
        count.assign_add(1)
        tf.debugging.assert_less(i, 3)
    return count.read_value()


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def total(n):
    s = tf.constant(0)
    for i in tf.range(n):
        s += i
        tf.debugging.assert_less(i, 3)
    return s


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def unchecked(n):
    for i in tf.range(n):
        count.assign_add(i * 2)
    return count.read_value()
