# tf.Variable made inside a tf.function from a value computed from the
# function's inputs: TensorFlow's singleton error (its initializer cannot be
# lifted out, and the second trace makes the variable again).
import tensorflow as tf


@tf.function
def makes_var(x):
    v = tf.Variable(x * 2.0)
    return v


try:
    makes_var(tf.constant(1.0))
except ValueError as e:
    print("ValueError", str(e).splitlines()[-1])
