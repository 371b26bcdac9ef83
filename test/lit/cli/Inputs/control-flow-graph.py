import tensorflow as tf

@tf.function
def f(x):
    a, b = tf.split(x, 2)
    if tf.reduce_sum(a) > 0:
        y = a * 2.0
    else:
        y = b
    i = tf.constant(0)
    while i < 3:
        y = y + 1.0
        i += 1
    return y, a

f(tf.constant([1.0, 2.0, 3.0, 4.0]))
