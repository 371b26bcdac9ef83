# tf.config.run_functions_eagerly(True) runs the Python body on every call.
import tensorflow as tf


@tf.function
def body(x):
    print("python body sees", x)
    return x * 3


print(body(tf.constant(1)))
print(body(tf.constant(2)))
tf.config.run_functions_eagerly(True)
print(tf.config.functions_run_eagerly())
print(body(tf.constant(3)))
print(body(tf.constant(4)))
tf.config.run_functions_eagerly(False)
print(tf.config.functions_run_eagerly())
print(body(tf.constant(5)))
