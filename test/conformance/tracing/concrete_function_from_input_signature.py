# get_concrete_function() with no arguments uses the input_signature, whose TensorSpec names are kept.
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([2, 3], tf.float32, name="a")])
def f(x): return x
print(f.get_concrete_function())
print(f.get_concrete_function().structured_input_signature)
