# get_concrete_function with TensorSpecs: structured_input_signature and structured_outputs.
import tensorflow as tf


@tf.function
def repeat(s):
    print("tracing repeat with", s)
    return s + s


cf = repeat.get_concrete_function(tf.TensorSpec(shape=[None], dtype=tf.string))
print(cf)
print(cf(tf.constant(["a", "bc"])))
print(cf(s=tf.constant(["q"])))
print(cf.structured_input_signature)
print(cf.structured_outputs)
print(repeat(tf.constant(["x", "y", "z"])))
print("traces:", repeat.experimental_get_tracing_count())
