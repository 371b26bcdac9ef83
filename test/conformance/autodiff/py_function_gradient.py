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


# numpy_function has no gradient (TensorFlow's PyFunc is not
# differentiable): the tape gives None.
@tf.function
def through_numpy(v):
    with tf.GradientTape() as tape:
        tape.watch(v)
        y = tf.numpy_function(lambda a: a * 2, [v], tf.float32)
    return tape.gradient(y, v)


print(through_numpy(tf.constant(1.0)))
with tf.GradientTape() as tape:
    y = tf.numpy_function(lambda a: a * 2, [x], tf.float32)
print(tape.gradient(y, x))
