# graph.get_operations() lists a concrete function's operations with their
# names, types, inputs and outputs; pretty_printed_signature prints the
# signature, in full or short.
import tensorflow as tf


@tf.function
def f(x, y=2):
    return {"a": x * y, "b": tf.nn.relu(x) - 1.0}


cf = f.get_concrete_function(tf.TensorSpec([None], tf.float32), 3)
for op in cf.graph.get_operations():
    print(op.name, op.type, [t.name for t in op.inputs], [t.shape for t in op.outputs])
print(len(cf.graph.get_operations()))
print(cf.graph.get_operations()[2].node_def.op)
print(cf.pretty_printed_signature())
print(cf.pretty_printed_signature(verbose=False))
print(cf.graph.get_operations()[:2])
print(repr(cf.graph.get_operations()[-1]))
