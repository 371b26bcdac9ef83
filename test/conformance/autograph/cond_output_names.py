# The tensors a staged if or tf.cond hands out are Identity nodes in the
# cond's name scope, one per output, the outputs ordered by variable name;
# the branches' nodes take no names from the function around them.
import tensorflow as tf


@tf.function
def f(x):
    y = tf.cond(x > 0, lambda: x * 2.0, lambda: -x)
    print(y)
    if x > 1.0:
        z = x + 1.0
        w = x
    else:
        z = x - 1.0
        w = 2 * x
    print(z, w)
    return y + z


print(f(tf.constant(2.0)))
graph = f.get_concrete_function(tf.constant(2.0)).graph
print([node.name + ":" + node.op for node in graph.as_graph_def().node])
x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    r = f(x)
print(tape.gradient(r, x))


@tf.function
def several(x):
    if x > 1.0:
        zz = x + 1.0
        aa = x
        mm = x * 3.0
        b2 = x
        B = x
    else:
        zz = x - 1.0
        aa = 2 * x
        mm = x
        b2 = x
        B = x
    print(zz, aa, mm, b2, B)
    return zz + aa + mm + b2 + B


print(several(tf.constant(2.0)))
