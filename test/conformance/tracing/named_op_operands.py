# An op given name= names the constants in its scope after it too
# ("d/y", "s/reduction_indices"), as TensorFlow builds them in that scope.
import tensorflow as tf
x = tf.constant([1.0, 2.0])
def show(label, fn, *args):
    g = tf.function(fn).get_concrete_function(*args).graph
    print(label, [(n.name, list(n.input)) for n in g.as_graph_def().node if n.op not in ("Placeholder", "Identity")])
show("divide", lambda x: tf.divide(x, 2.0, name="d"), x)
show("sum", lambda x: tf.reduce_sum(x, 0, name="s"), x)
show("add", lambda x: tf.add(x, 1.0, name="a"), x)
show("reshape", lambda x: tf.reshape(x, [2, 1], name="r"), x)
show("maximum", lambda x: tf.maximum(x, 0.0, name="m"), x)
