# A GradientTape differentiates through tf.py_function: the function's
# eager ops are what the tape records, eagerly and through a tf.function.
import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = tf.py_function(lambda a: a * a + 2.0 * a, [x], tf.float32)
print(y, tape.gradient(y, x))


@tf.function
def cube(v):
    return tf.py_function(lambda a: a * a * a, [v], tf.float32)


with tf.GradientTape() as tape:
    z = cube(x)
print(z, tape.gradient(z, x))
