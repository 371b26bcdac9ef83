# A tf.Variable argument of a tf.* op is read inside the op's name scope
# ("Reshape/ReadVariableOp", "concat/ReadVariableOp_1"), as TensorFlow's op
# wrappers convert their inputs there; composites that open a scope first
# read in it ("clip_by_value/ReadVariableOp");
# sign, round, add_n and unstack without num convert before,
# unscoped; tf.convert_to_tensor and Python code called back by tf.cond
# read unscoped. A second variable's captured handle is named after its
# own read ("Reshape_1/ReadVariableOp/resource").
import tensorflow as tf

v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
w = tf.Variable(3.0)


def reads(t):
    return [i.name for i in t.op.inputs]


@tf.function
def f(x):
    outs = [
        tf.reshape(v, [4]),
        tf.reduce_sum(v),
        tf.concat([v, v], 0),
        tf.transpose(v),
        tf.nn.relu(v),
        tf.stack([v, w * v]),
        tf.cast(v, tf.int32),
        tf.reduce_mean(v, axis=0),
        tf.square(w),
        tf.identity(v, name="same"),
        tf.clip_by_value(v, 0.0, 2.0),
        tf.unstack(v)[0],
        tf.add_n([v, v]),
        tf.reshape(tf.convert_to_tensor(v), [4]),
        tf.cond(x > 0, lambda: v * 2.0, lambda: tf.reshape(v, [2, 2])),
    ]
    for t in outs:
        print(t.op.name, reads(t))
    return outs[0], tf.fill([2], w)


print(f(tf.constant(1)))
m = tf.Variable([[1.0, -2.5], [0.5, 4.0]])


@tf.function
def g():
    outs = [tf.sign(m), tf.round(m), tf.unstack(m, num=2)[0],
            tf.reshape(w, [1]), tf.reshape(m, [4])]
    for t in outs:
        print(t.op.name, reads(t))
    print(outs[-1].op.inputs[0].op.inputs[0].name)
    return outs[0]


print(g())
with tf.name_scope("outer"):
    print(f(tf.constant(-1)))


@tf.function
def composites():
    return tf.linalg.trace(m) + tf.reduce_sum(tf.roll(m, 1, 0))


graph = composites.get_concrete_function().graph
print([n.name for n in graph.as_graph_def().node if n.op == "ReadVariableOp"])
