# tf.constant of a graph tensor inside a tf.function is TensorFlow's TypeError
# (a graph tensor has no value to make a constant of); of an eager tensor
# it is that tensor.
import tensorflow as tf
@tf.function
def f(x):
    return tf.constant(x)
try:
    print(f(tf.constant(1.0)))
except TypeError as e:
    print("TypeError", str(e).splitlines()[-1])
@tf.function
def g(x):
    c = tf.constant(2.0)
    return tf.constant(c) + x
try:
    print(g(tf.constant(1.0)))
except TypeError as e:
    print("TypeError", str(e).splitlines()[-1])
print(tf.constant(tf.constant([1, 2])))
