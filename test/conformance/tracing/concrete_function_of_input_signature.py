# With an input_signature, get_concrete_function arguments (TensorSpecs,
# tensors) only select the signature's one concrete function: a compatible
# spec returns it, an incompatible one is TensorFlow's binding TypeError.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def fixed(x):
    print("tracing", x)
    return x * 2.0


c = fixed.get_concrete_function(tf.TensorSpec([3], tf.float32))
print(c.structured_input_signature)
c2 = fixed.get_concrete_function()
print(c is c2, c == c2)
c3 = fixed.get_concrete_function(tf.constant([1.0, 2.0]))
print(c3.structured_input_signature)
for spec in [tf.TensorSpec([3], tf.int32), tf.TensorSpec([3, 1], tf.float32), tf.TensorSpec(None, tf.float32)]:
    try:
        fixed.get_concrete_function(spec)
        print("accepted")
    except Exception as e:
        print(type(e).__name__, e)
try:
    fixed.get_concrete_function(tf.constant([1, 2]))
except Exception as e:
    print(type(e).__name__, e)
