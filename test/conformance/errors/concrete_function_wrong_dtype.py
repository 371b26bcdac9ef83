# Calling a ConcreteFunction traced for strings with an int tensor.
import tensorflow as tf


@tf.function
def twice(s):
    return s + s


cf = twice.get_concrete_function(tf.constant("a"))
print(cf(tf.constant("b")))
print(cf(tf.constant(1)))
print("not reached")
