import tensorflow as tf


@tf.function
def f(x):
    return x + 1


graph = f.get_concrete_function(tf.constant(1)).graph
print([(n.name, n.op, list(n.input)) for n in graph.as_graph_def().node])
print(repr(graph.get_operations()[0]))
try:
    print(graph.get_operations()[0])
except tf.errors.UnimplementedError as e:
    print(e)
print(graph.as_graph_def())
