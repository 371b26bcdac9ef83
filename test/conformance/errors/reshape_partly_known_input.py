# A reshape of an input with run-time sizes to a fully known shape: shape
# inference checks that the target holds a whole number of the known part.
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def f(x):
    return tf.reshape(x, [4, 5])
try:
    f.get_concrete_function()
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def g(x):
    return tf.reshape(x, [4, 6])
print(g.get_concrete_function().structured_outputs)
