import tensorflow as tf

def helper(x):
    return tf.reshape(x, [5, 7])

@tf.function
def f(x):
    y = helper(x) + 1.0
    return y

f.get_concrete_function(tf.TensorSpec([2, 3], tf.float32))
