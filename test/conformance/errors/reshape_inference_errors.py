# Reshapes that cannot work are shape inference's ValueError while tracing:
# a -1 dimension that does not divide the size, and a 0 beside a -1.
import tensorflow as tf
@tf.function
def f(x):
    return tf.reshape(x, [3, -1])
@tf.function
def g(x):
    return tf.reshape(x, [0, -1])
for fn, arg in [(f, tf.range(7)), (g, tf.range(7)), (f, tf.zeros([2, 5]))]:
    try:
        fn(arg)
    except ValueError as e:
        print("ValueError:", str(e).splitlines()[-1])
