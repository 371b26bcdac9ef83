# tf.math.squared_difference with a Python x: eagerly it takes the
# tensor's dtype; while tracing, op construction's TypeError.
import tensorflow as tf
d = tf.constant([1.0, 2.0], tf.float64)
print(tf.math.squared_difference(1.0, d))
print(tf.math.squared_difference(d, 1.0))
@tf.function
def f(a):
    return tf.math.squared_difference(1.0, a)
try:
    print(f(d))
except TypeError as e:
    print(str(e).splitlines()[-1])
