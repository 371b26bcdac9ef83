import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def f(x):
    x.set_shape([None, 3])
    return tf.reduce_sum(x, axis=1)


print(f(tf.ones([2, 3])))
f(tf.ones([2, 4]))
