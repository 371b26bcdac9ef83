import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, 2]),
                              tf.TensorSpec([None, 1], tf.int32),
                              tf.TensorSpec([None, 2])])
def add_rows(x, idx, u):
    return tf.tensor_scatter_nd_add(x, idx, u)
