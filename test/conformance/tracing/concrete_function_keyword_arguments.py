# A ConcreteFunction binds keyword arguments to its parameters by name.
import tensorflow as tf
@tf.function
def f(a, b, scale=2):
    return (a - b) * scale
cf = f.get_concrete_function(tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32))
print(cf(b=tf.constant(1.0), a=tf.constant(5.0)))
print(cf(tf.constant(5.0), b=tf.constant(1.0)))
print(cf(b=tf.constant(1.0), a=tf.constant(5.0), scale=2))
