import tensorflow as tf
@tf.function
def f():
    return tf.random.uniform([2])
print(f())
