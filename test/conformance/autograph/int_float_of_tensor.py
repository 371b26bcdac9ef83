# int() and float() of a symbolic tensor in a converted function are casts
# to int32 and float32, as AutoGraph's int_ and float_ make them; without
# AutoGraph they are TensorFlow's TypeError.
import tensorflow as tf


@tf.function
def f(x):
    n = int(tf.shape(x)[0])
    m = float(tf.reduce_sum(x))
    print(n, m)
    return tf.cast(n, tf.float32) + m


print(f(tf.constant([1.5, 2.5])))


@tf.function(autograph=False)
def g(x):
    return int(x)


try:
    g(tf.constant(1.5))
except TypeError as e:
    print("TypeError:", str(e).splitlines()[-1])
