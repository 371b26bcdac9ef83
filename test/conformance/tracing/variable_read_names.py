# Names of variable reads in a function: read_value() reads in name scope
# Read and returns an Identity, value() is the bare read.
import tensorflow as tf
v = tf.Variable([1.0, 2.0])
@tf.function
def f():
    a = v.read_value()
    b = v.value()
    c = v * 2.0
    d = tf.identity(v)
    print(a, b, c, d)
    return a
f()
