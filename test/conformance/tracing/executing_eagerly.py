# tf.executing_eagerly() is True at the top level and in a function run
# eagerly, False while a function traces.
import tensorflow as tf


@tf.function
def where_am_i(x):
    print("executing eagerly:", tf.executing_eagerly())
    return x + 1


print(tf.executing_eagerly())
print(where_am_i(tf.constant(1)))
tf.config.run_functions_eagerly(True)
print(where_am_i(tf.constant(2)))
tf.config.run_functions_eagerly(False)
print(where_am_i(tf.constant(3)))
