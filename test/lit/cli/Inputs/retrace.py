import tensorflow as tf

@tf.function
def f(x, n, flag=False):
    print("tracing f")
    return x * n

f(tf.constant([1.0, 2.0]), 2)
f(tf.constant([1.0, 2.0]), 2)
f(tf.constant([1.0, 2.0, 3.0]), 2)
f(tf.constant([1.0, 2.0]), 3)
f(tf.constant([1, 2]), 3, flag=True)
print("done")
