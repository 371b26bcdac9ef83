# Nodes take the names TensorFlow gives them: the operators' lower-case
# names (truediv, pow, mod) with their Python operands in the op's scope
# ("truediv/y"), the functional APIs' op names (Pow, FloorMod, Add), and one
# name for what TensorFlow builds as one op (SquaredDifference, div_no_nan,
# AddN).
import tensorflow as tf

x = tf.constant([1.0, 2.0])
i = tf.constant([5, 7])


def show(label, fn, *args, nodes=True):
    graph = tf.function(fn).get_concrete_function(*args).graph
    if nodes:  # kiln builds the last three from several nodes
        print(label, [n.name for n in graph.as_graph_def().node
                      if n.op not in ("Placeholder", "Identity")])
    print("   ->", graph.outputs)


show("div", lambda x: x / 2.0, x)
show("rdiv", lambda x: 2.0 / x, x)
show("int_div", lambda i: i / 2, i)
show("divide", lambda x: tf.divide(x, 2.0), x)
show("pow", lambda x: tf.pow(x, 2.0), x)
show("pow_operator", lambda x: x ** 2.0, x)
show("floormod", lambda i: tf.math.floormod(i, 3), i)
show("mod", lambda i: tf.math.mod(i, 3), i)
show("mod_operator", lambda i: i % 3, i)
show("add", lambda x: tf.add(x, 1.0), x)
show("squared_difference", lambda x: tf.math.squared_difference(x, 1.0), x,
     nodes=False)
show("divide_no_nan", lambda x: tf.math.divide_no_nan(x, 3.0), x, nodes=False)
show("add_n", lambda x: tf.add_n([x, x, x]), x, nodes=False)


@tf.function
def after(x):
    a = x / 2.0
    b = tf.constant(1.0)
    c = x / 3.0
    print(a, b, c)
    return a + b + c


print(after(x))
