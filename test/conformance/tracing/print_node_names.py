# tf.print makes one StringFormat node (whatever it prints) before its
# PrintV2, so the nodes after it are numbered as in TensorFlow.
import tensorflow as tf


@tf.function
def f(x):
    tf.print(x)
    tf.print("no tensors")
    tf.print("two", x, x * 3)
    y = tf.identity(x * 2)
    print(y)
    return y


cf = f.get_concrete_function(tf.constant([1.0]))
print(cf.structured_outputs)
print([n.name for n in cf.graph.as_graph_def().node if n.op not in ("NoOp", "Identity", "StringFormat")])
print(f(tf.constant([2.0])))
