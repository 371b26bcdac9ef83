# get_concrete_function returns the cached object when asked again for the
# same signature (tensors, TensorSpecs or an input_signature).
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def g(x):
    return x * 2.0



@tf.function
def f(x):
    return tf.reduce_max(x, axis=0)

cf1 = f.get_concrete_function(tf.constant([[1, 2], [3, 4]]))
cf2 = f.get_concrete_function(tf.constant([[5, 6], [7, 8]]))
print(cf1 is cf2)
print(g.get_concrete_function() is g.get_concrete_function())
print(f.get_concrete_function(tf.TensorSpec([2, 2], tf.int32)) is cf1)
