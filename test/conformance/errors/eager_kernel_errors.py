# Eager ops reject bad inputs with their kernels' InvalidArgumentError (a
# string operand, mixed dtypes in concat/stack, matmul ranks, a zero slice
# step), where a function raises shape inference's TypeError or ValueError
# while tracing; len() of a scalar is TypeError either way.
import tensorflow as tf


def show(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1])


show(lambda: tf.zeros([2]) + 'a')
show(lambda: 'a' * tf.zeros([2]))
show(lambda: tf.zeros([2]) + tf.constant([1, 2]))
show(lambda: tf.concat([tf.ones([2]), tf.ones([2], tf.int32)], 0))
show(lambda: tf.stack([tf.ones([2]), tf.ones([2], tf.int32), tf.ones([2])]))
for a, b in [([3], [3]), ([2, 2], [3]), ([3], [3, 2]), ([2, 2, 2], [2])]:
    show(lambda: tf.matmul(tf.ones(a), tf.ones(b)))
show(lambda: tf.constant([1, 2])[1:3:0])
show(lambda: len(tf.constant(3)))


@tf.function
def concat_in_function(x):
    return tf.concat([x, tf.ones([2], tf.int32)], 0)


show(lambda: concat_in_function(tf.ones([2])))
