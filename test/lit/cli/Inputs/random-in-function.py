import tensorflow as tf
@tf.function
def f():
    return tf.random.uniform([2], seed=4)
f.get_concrete_function()
