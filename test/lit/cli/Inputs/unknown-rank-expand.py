import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def total(x):
    return tf.expand_dims(x * 2.0, 0)

print(total(tf.constant([1.0, 2.0])))
