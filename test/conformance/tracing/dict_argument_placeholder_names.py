# A dict argument's placeholders are made in the dict's insertion order
# ("d", "d_1", ...), while its tensors are flattened in sorted key order.
import tensorflow as tf


@tf.function
def f(d):
    print(d)
    return d["a"] + d["c"]["y"]


f({"b": tf.constant(1), "a": tf.constant(2), "c": {"y": tf.constant(3), "x": tf.constant(4)}})
cf = f.get_concrete_function({"b": tf.constant(1), "a": tf.constant(2), "c": {"y": tf.constant(3), "x": tf.constant(4)}})
print([t.name for t in cf.inputs])
print([n.name for n in cf.graph.as_graph_def().node if n.op == "Placeholder"])


@tf.function
def g(x, pair):
    print(x, pair)
    return x


g([tf.constant(1.0), {"z": tf.constant(2.0), "m": tf.constant(3.0)}], (tf.constant(4.0),))
