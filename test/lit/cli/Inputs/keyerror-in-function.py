import tensorflow as tf

@tf.function
def f(x):
    d = {"a": 1}
    return x + d["b"]

print(f(tf.constant(1)))
