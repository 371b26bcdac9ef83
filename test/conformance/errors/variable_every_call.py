# Creating a tf.Variable on a trace after the first one is TensorFlow's ValueError.
import tensorflow as tf


@tf.function
def make_var(x):
    v = tf.Variable(x)
    return v + 1


print(make_var(tf.constant(1.0)))
print(make_var(tf.constant(2.0)))
print(make_var(tf.constant([1.0, 2.0])))
print("not reached")
