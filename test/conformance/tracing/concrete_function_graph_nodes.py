# A ConcreteFunction's graph: the node names and inputs of its GraphDef.
import tensorflow as tf


@tf.function
def poly(x, y):
    return x * x + y


cf = poly.get_concrete_function(tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32))
for node in cf.graph.as_graph_def().node:
    print(node.name, list(node.input), node.op)
print(len(cf.graph.as_graph_def().node))
print(cf.graph.inputs)
print(cf.graph.outputs)
print(cf(tf.constant(3.0), tf.constant(1.0)))
