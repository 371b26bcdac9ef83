# structured_input_signature puts keyword-only arguments in its dict.
import tensorflow as tf
@tf.function
def f(x, *, scale):
    return x * scale
cf = f.get_concrete_function(tf.TensorSpec([2]), scale=3.0)
print(cf.structured_input_signature)
print(cf)
print(cf(tf.ones([2])))
