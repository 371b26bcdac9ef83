# structured_input_signature: the bound arguments, defaults and extra positionals included, with tensors as TensorSpecs named by their path.
import tensorflow as tf
@tf.function
def f(x, pair, d, flag=True, *rest):
    return x
cf = f.get_concrete_function(tf.constant(1.0), [tf.constant(1), 2], {"b": tf.constant([1.0]), "a": "s"})
print(cf.structured_input_signature)
cf2 = f.get_concrete_function(tf.TensorSpec(None, tf.float32), (tf.TensorSpec([2], tf.int32),), {}, False, 7)
print(cf2.structured_input_signature)
cf3 = f.get_concrete_function(tf.TensorSpec([None], tf.float32), [1], {})
print(cf3.structured_input_signature)
