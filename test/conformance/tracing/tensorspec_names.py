# A TensorSpec's name (in an input_signature or get_concrete_function)
# names the placeholder, as symbolic tensors and graph nodes show it.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([2], tf.float32, name="features"), tf.TensorSpec([], tf.float32)])
def f(x, scale):
    print(x, scale)
    return x * scale

print(f(tf.ones([2]), tf.constant(2.0)))
cf = f.get_concrete_function()
print([n.name for n in cf.graph.as_graph_def().node][:3])
print(cf.structured_input_signature)

@tf.function
def g(x):
    print(x)
    return x + 1

cg = g.get_concrete_function(tf.TensorSpec([None], tf.int32, name="ids"))
print(cg.structured_input_signature)
print(cg.pretty_printed_signature())
print(cg(tf.constant([1])))
