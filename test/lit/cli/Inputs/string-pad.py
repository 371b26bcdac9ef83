import tensorflow as tf
@tf.function
def f(x, s):
    return x + 1, tf.pad(s, [[1, 1]])
print(f(tf.constant(1.0), tf.constant(["s"])))
