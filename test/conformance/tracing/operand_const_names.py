# TensorFlow's graph feeds reduction axes, slice bounds, shapes and other
# Python arguments to their ops as Const nodes: "Const" for a reduction over
# every axis, else named in the op's scope ("Sum/reduction_indices",
# "strided_slice/stack"). They take names, so a constant made after them
# prints as TensorFlow prints it, and node lists show them.
import tensorflow as tf


@tf.function
def after_reductions(x):
    s = tf.reduce_sum(x)
    c = tf.constant(2.0)
    print(c)
    m = tf.reduce_mean(x, axis=0)
    d = tf.constant(3.0)
    print(d, m)
    r = tf.range(3)
    e = tf.constant(4)
    print(r, e)
    h = tf.one_hot([0, 1], 2)
    f = tf.constant(5.0)
    print(h, f)
    return s * c + d


print(after_reductions(tf.constant([[1.0, 2.0], [3.0, 4.0]])))

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
v = tf.constant([3.0, 1.0, 2.0])


def show(label, fn, *args):
    graph = tf.function(fn).get_concrete_function(*args).graph
    print(label)
    for node in graph.as_graph_def().node:
        print("  ", node.name, node.op, list(node.input))


show("sum", lambda x: tf.reduce_sum(x), x)
show("sum_axis", lambda x: tf.reduce_sum(x, -1, keepdims=True), x)
show("max_axes", lambda x: tf.reduce_max(x, [0, 1]), x)
show("any", lambda x: tf.reduce_any(x > 1.0), x)
show("scalar_sum", lambda v: tf.reduce_sum(v[0]), v)
show("named_sum", lambda x: tf.reduce_sum(x, 0, name="total"), x)
show("argmax", lambda x: tf.argmax(x), x)
show("argmin", lambda x: tf.argmin(x, 1), x)
show("index", lambda x: x[1], x)
show("slices", lambda x: x[:, 1:] + x[..., None, ::2][0, 0], x)
show("reshape", lambda x: tf.reshape(x, [3, -1]), x)
show("transpose", lambda x: tf.transpose(x), x)
show("expand_dims", lambda x: tf.expand_dims(x, -1), x)
show("concat", lambda x: tf.concat([x, x], 1), x)
show("gather", lambda x: tf.gather(x, [1, 0], axis=1), x)
show("gather_nd", lambda v: tf.gather_nd(v, [[1], [0]]), v)
show("one_hot", lambda v: tf.one_hot([0, 2], 3, on_value=5.0, off_value=-1.0), v)
show("range", lambda v: tf.range(1, 10, 2), v)
show("range_of_size", lambda v: tf.range(tf.size(v)), v)
show("where", lambda x: tf.where(x > 2.0, x, 0.0), x)
show("cumsum", lambda v: tf.cumsum(v, exclusive=True), v)
show("reverse", lambda v: tf.reverse(v, [0]), v)
show("top_k", lambda v: tf.math.top_k(v, 2), v)
show("broadcast_to", lambda v: tf.broadcast_to(v, [2, 3]), v)
show("norm", lambda x: tf.norm(x), x)
show("reduce_std", lambda x: tf.math.reduce_std(x), x)
